// The login dialog (422 px): it draws the login machine's steps and wires its actors to the API.
// Signing in keeps the token, says so, tells analytics (DOM events and `dataLayer`) and goes to
// /reporting, or to /welcome after a registration.
import type { UserInfo } from '@coinlens/contract';
import { Button, COARSE_POINTER, CodeInput, Modal, toaster } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useMachine } from '@xstate/react';
import { navigate } from 'gatsby';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { api } from '../../data/client';
import { setToken } from '../../data/token';
import { isLocale } from '../../i18n/locales';
import { useDialogOpener, type GlobalDialogProps } from '../../shell/dialogs';
import { afterSignIn, nextOf } from '../../start/nextAddress';
import { announce } from './analytics';
import { canSubmit, loginMachine, type LoginTab, type ToastKey } from './loginMachine';
import { startSocialSignIn } from './social';

/** At least 44 px high on a touch screen, a finger's width. */
const TOUCH = { [COARSE_POINTER]: { minHeight: '11' } };

const inputCss = {
  width: '100%',
  height: '10',
  [COARSE_POINTER]: { height: '11' },
  paddingX: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.subtle',
  color: 'fg.default',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
} as const;

const loginActors = {
  sendCode: fromPromise<void, { email: string; type: 2 | 4 }>(async ({ input }) => {
    await api.post('/api/auth/base/sendMessage', { account: input.email, type: input.type });
  }),
  login: fromPromise<UserInfo, { email: string; password: string }>(({ input }) =>
    api.post<UserInfo>('/api/auth/login/dologin', { account: input.email, passwd: input.password }),
  ),
  register: fromPromise<UserInfo, { email: string; password: string; code: string }>(({ input }) =>
    api.post<UserInfo>('/api/auth/login/register', {
      account: input.email,
      passwd: input.password,
      captcha: input.code,
    }),
  ),
  changePassword: fromPromise<void, { email: string; password: string; code: string }>(
    async ({ input }) => {
      await api.post('/api/auth/login/changePassword', {
        account: input.email,
        passwd: input.password,
        captcha: input.code,
      });
    },
  ),
};

type Step = 'step1' | 'step21' | 'step31' | 'step32' | 'done';

export default function LoginDialog({ onClose }: GlobalDialogProps) {
  const { t } = useTranslation('common');
  const { language } = useI18next();
  const [snapshot, send, actor] = useMachine(loginMachine.provide({ actors: loginActors }), {
    input: {},
  });
  const [showPassword, setShowPassword] = useState(false);
  /** Codes the server refused: a new one remounts step 32's boxes, which then take the focus. */
  const [refusedCodes, setRefusedCodes] = useState(0);
  // The dialog opens on the e-mail field and, closed, gives the focus back to what opened it.
  const emailRef = useRef<HTMLInputElement>(null);
  const opener = useDialogOpener();
  const ids = { email: useId(), password: useId(), form: useId(), hint: useId() };

  const locale = isLocale(language) ? language : 'en';
  const steps = (snapshot.value as { steps: Step | Partial<Record<Step, string>> }).steps;
  const step: Step = typeof steps === 'string' ? steps : (Object.keys(steps)[0] as Step);
  const busy =
    typeof steps === 'object' && Object.values(steps).some((state) => state !== 'editing');
  const { context } = snapshot;

  useEffect(() => {
    const toastSub = actor.on('toast', (event) => {
      const title = event.msg || t(`login.messages.${event.key satisfies ToastKey}`);
      toaster.create({ type: event.toast, title });
    });
    const failSub = actor.on('loginFail', () => announce('login-fail', {}));
    const refusedSub = actor.on('codeRefused', () => setRefusedCodes((count) => count + 1));
    const signedInSub = actor.on('signedIn', ({ user, registered }) => {
      setToken(user.tokenInfo.tokenValue);
      toaster.create({
        type: 'success',
        title: t(registered ? 'login.messages.RegistrationSuccess' : 'login.messages.LoginSuccess'),
      });
      announce(registered ? 'register-success' : 'login-success', { userId: user.id });
      // Read before closing, which takes the login ask (and the page to go back to) away.
      const { pathname, search } = window.location;
      const next = afterSignIn({ registered, locale, pathname, next: nextOf(search) });
      onClose();
      void navigate(next);
    });
    return () => {
      toastSub.unsubscribe();
      failSub.unsubscribe();
      refusedSub.unsubscribe();
      signedInSub.unsubscribe();
    };
  }, [actor, locale, onClose, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && canSubmit(step, context)) send({ type: 'SUBMIT' });
  };

  const title = {
    step1: context.tab === 'login' ? t('login.title') : t('login.registerTitle'),
    step21: t('login.verifyTitle'),
    step31: t('login.resetTitle'),
    step32: t('login.newPasswordTitle'),
    done: t('login.title'),
  }[step];

  const resend = (
    <Button
      variant="ghost"
      size="sm"
      disabled={context.cooldown > 0 || busy}
      onClick={() => send({ type: 'RESEND' })}
    >
      {context.cooldown > 0 ? t('login.sent', { seconds: context.cooldown }) : t('login.resend')}
    </Button>
  );

  const emailField = (
    <Field id={ids.email} label={t('login.email')}>
      <chakra.input
        ref={emailRef}
        id={ids.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={context.email}
        onChange={(event) => send({ type: 'EMAIL', value: event.target.value })}
        // A step that shows it replaced the one that had the focus (Forgot, Back, a reset that
        // succeeded): without this the focus would fall out of the dialog onto the page.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        css={inputCss}
      />
    </Field>
  );

  const passwordField = (label: string, autoComplete: string) => (
    <Field id={ids.password} label={label}>
      <Flex position="relative" alignItems="center">
        <chakra.input
          id={ids.password}
          type={showPassword ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={context.password}
          onChange={(event) => send({ type: 'PASSWORD', value: event.target.value })}
          aria-describedby={ids.hint}
          css={inputCss}
          paddingRight="20"
        />
        <chakra.button
          type="button"
          position="absolute"
          right="1"
          paddingX="2"
          minHeight="8"
          minWidth="12"
          css={TOUCH}
          fontSize="xs"
          color="fg.muted"
          borderRadius="sm"
          cursor="pointer"
          aria-pressed={showPassword}
          onClick={() => setShowPassword((shown) => !shown)}
          _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing' }}
        >
          {showPassword ? t('login.hidePassword') : t('login.showPassword')}
        </chakra.button>
      </Flex>
      <chakra.p id={ids.hint} marginTop="1" fontSize="xs" color="fg.muted">
        {t('login.passwordHint')}
      </chakra.p>
    </Field>
  );

  let body: ReactNode;
  if (step === 'step1' || step === 'done') {
    const tabs: LoginTab[] = ['login', 'register'];
    body = (
      <>
        <Flex
          role="tablist"
          aria-label={t('login.tabs')}
          gap="1"
          marginBottom="5"
          bg="bg.subtle"
          padding="1"
          borderRadius="md"
        >
          {tabs.map((tab) => (
            <chakra.button
              key={tab}
              type="button"
              role="tab"
              aria-selected={context.tab === tab}
              flex="1"
              minHeight="9"
              css={TOUCH}
              borderRadius="sm"
              fontSize="sm"
              fontWeight="semibold"
              cursor="pointer"
              color={context.tab === tab ? 'fg.default' : 'fg.muted'}
              bg={context.tab === tab ? 'bg.raised' : 'transparent'}
              onClick={() => send({ type: 'TAB', tab })}
              _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing' }}
            >
              {t(tab === 'login' ? 'login.loginTab' : 'login.registerTab')}
            </chakra.button>
          ))}
        </Flex>
        <form id={ids.form} onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            {emailField}
            {passwordField(
              t('login.password'),
              context.tab === 'login' ? 'current-password' : 'new-password',
            )}
            {context.tab === 'login' && (
              <chakra.button
                type="button"
                alignSelf="flex-end"
                css={TOUCH}
                fontSize="sm"
                color="accent.fg"
                cursor="pointer"
                textDecoration="underline"
                textUnderlineOffset="3px"
                onClick={() => send({ type: 'FORGOT' })}
              >
                {t('login.forgot')}
              </chakra.button>
            )}
            <Button type="submit" size="lg" disabled={!canSubmit('step1', context)} loading={busy}>
              {context.tab === 'login' ? t('login.submit') : t('login.next')}
            </Button>
          </Flex>
        </form>
        <Flex alignItems="center" gap="3" marginY="5" color="fg.subtle" fontSize="xs">
          <chakra.span flex="1" height="1px" bg="border.subtle" />
          {t('login.or')}
          <chakra.span flex="1" height="1px" bg="border.subtle" />
        </Flex>
        <Flex direction="column" gap="2">
          <Button variant="outline" onClick={() => void startSocialSignIn('google', { locale, t })}>
            {t('login.google')}
          </Button>
          <Button variant="outline" onClick={() => void startSocialSignIn('x', { locale, t })}>
            {t('login.x')}
          </Button>
        </Flex>
      </>
    );
  } else if (step === 'step21') {
    body = (
      <Flex direction="column" gap="4">
        <chakra.p color="fg.muted" fontSize="sm">
          {t('login.codeSentTo', { email: context.email.trim() })}
        </chakra.p>
        <CodeInput
          label={t('login.code')}
          getDigitLabel={({ index, length }) => t('login.digit', { index: index + 1, length })}
          value={context.code}
          onValueChange={({ value }) => send({ type: 'CODE', value })}
          disabled={busy}
          // The step replaced the form that had the focus: its first box takes it.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <Flex justifyContent="space-between" alignItems="center">
          <chakra.span fontSize="sm" color="fg.muted" aria-live="polite">
            {busy ? t('loading') : ''}
          </chakra.span>
          {resend}
        </Flex>
      </Flex>
    );
  } else if (step === 'step31') {
    body = (
      <form id={ids.form} onSubmit={submit} noValidate>
        <Flex direction="column" gap="4">
          <chakra.p color="fg.muted" fontSize="sm">
            {t('login.resetIntro')}
          </chakra.p>
          {emailField}
          <Button type="submit" size="lg" disabled={!canSubmit('step31', context)} loading={busy}>
            {t('login.sendCode')}
          </Button>
        </Flex>
      </form>
    );
  } else {
    body = (
      <form id={ids.form} onSubmit={submit} noValidate>
        <Flex direction="column" gap="4">
          <chakra.p color="fg.muted" fontSize="sm">
            {t('login.codeSentTo', { email: context.email.trim() })}
          </chakra.p>
          <CodeInput
            // A refused code empties the boxes, and they take the focus again for the next one:
            // here it was on "Change password" (on step 21 the boxes had it and keep it themselves).
            key={refusedCodes}
            label={t('login.code')}
            getDigitLabel={({ index, length }) => t('login.digit', { index: index + 1, length })}
            value={context.code}
            onValueChange={({ value }) => send({ type: 'CODE', value })}
            disabled={busy}
            // The step replaced the form that had the focus: its first box takes it.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          <Flex justifyContent="flex-end">{resend}</Flex>
          {passwordField(t('login.newPassword'), 'new-password')}
          <Button type="submit" size="lg" disabled={!canSubmit('step32', context)} loading={busy}>
            {t('login.changePassword')}
          </Button>
        </Flex>
      </form>
    );
  }

  return (
    <Modal
      open
      onOpenChange={({ open }) => {
        if (!open) onClose();
      }}
      title={title}
      closeLabel={t('nickname.close')}
      width="sm"
      initialFocusRef={emailRef}
      finalFocusRef={opener}
      headerStart={
        step === 'step21' || step === 'step31' || step === 'step32' ? (
          <chakra.button
            type="button"
            aria-label={t('login.back')}
            onClick={() => send({ type: 'BACK' })}
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            width="8"
            height="8"
            css={{ [COARSE_POINTER]: { width: '11', height: '11' } }}
            borderRadius="md"
            color="fg.muted"
            cursor="pointer"
            _hover={{ bg: 'bg.raised', color: 'fg.default' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing' }}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path
                d="M10 3 5 8l5 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.75"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </chakra.button>
        ) : undefined
      }
    >
      {body}
    </Modal>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <chakra.label htmlFor={id} display="block" fontSize="sm" fontWeight="medium" marginBottom="2">
        {label}
      </chakra.label>
      {children}
    </div>
  );
}
