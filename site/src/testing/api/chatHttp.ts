// The mocked API's HTTP routes of the assistant (`/api/chat/*`): the history pages, a new
// conversation, the robot's lines and the onboarding's progress, answered from the chat fake's
// conversation (chatSocket.ts, which also serves the realtime socket) behind a token.
import type { OnboardingProgress, RobotLineInput } from '@coinlens/contract';
import type { HttpHandler } from 'msw';
import type { ChatServer } from './chatSocket';
import type { AuthState } from './auth';
import { envelopeRoute } from './request';

/** Where the user's onboarding progress is kept (null before any). */
export interface OnboardingStore {
  onboarding: OnboardingProgress | null;
}

/** The handlers of the assistant's HTTP routes over `chat` and `store`, guarded by `auth`. */
export function chatHandlers(
  chat: ChatServer,
  store: OnboardingStore,
  auth: AuthState,
): HttpHandler[] {
  return [
    envelopeRoute('GET /api/chat/list', auth, ({ query }) =>
      chat.history(Number(query.get('size') ?? 10), Number(query.get('oldestSeqNo') ?? -1)),
    ),
    envelopeRoute('POST /api/chat/clean', auth, () => chat.clean()),
    // The schema says a source's status is an integer, the wire type which one (1 to 7).
    envelopeRoute('POST /api/chat/robot', auth, ({ body }) =>
      chat.robotLine(body as RobotLineInput),
    ),
    envelopeRoute('GET /api/chat/onboarding', auth, () => store.onboarding),
    // The furthest progress is kept, as on the server: the onboarding only moves forward.
    envelopeRoute('PUT /api/chat/onboarding', auth, ({ body: { progress } }) => {
      const stored = store.onboarding;
      if (!stored || progress.finished || (!stored.finished && progress.id >= stored.id)) {
        store.onboarding = progress;
      }
      return store.onboarding;
    }),
  ];
}
