// Editing the nickname: at least 3 characters (the API also caps it at 32), saved with
// POST /api/system/user/modify; the answer is the updated user.
import type { UserInfo } from '@coinlens/contract';
import { api, type ApiClient } from '../../data/client';
import { ApiError } from '../../data/errors';

export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 32;

/** Whether `value` can be saved as a nickname (trimmed, 3 to 32 characters). */
export function isValidNickname(value: string): boolean {
  const length = [...value.trim()].length;
  return length >= NICKNAME_MIN && length <= NICKNAME_MAX;
}

/** Saves the nickname; resolves with the updated user. */
export function saveNickname(nickname: string, client: ApiClient = api): Promise<UserInfo> {
  return client.post<UserInfo>('/api/system/user/modify', { nickname: nickname.trim() });
}

/** The text of a failed save: the server's message, or the translated fallback. */
export function nicknameErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.msg ? error.msg : fallback;
}
