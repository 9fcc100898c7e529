/** Motion used by components (spinners, typing dots, toasts, the loading bar, the alert bell). */
export const keyframes = {
  spin: { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
  pulse: { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } },
  fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
  fadeOut: { from: { opacity: 1 }, to: { opacity: 0 } },
  slideInFromTop: {
    from: { opacity: 0, transform: 'translateY(-0.5rem)' },
    to: { opacity: 1, transform: 'translateY(0)' },
  },
  typingDot: {
    '0%, 80%, 100%': { transform: 'translateY(0)', opacity: 0.4 },
    '40%': { transform: 'translateY(-0.25rem)', opacity: 1 },
  },
  // Once, when the alert bell's count rises: the badge swells and settles.
  bellPulse: {
    '0%': { transform: 'scale(1)' },
    '35%': { transform: 'scale(1.35)' },
    '100%': { transform: 'scale(1)' },
  },
  // With it, the bell swings from its top.
  bellRing: {
    '0%, 100%': { transform: 'rotate(0deg)' },
    '20%': { transform: 'rotate(14deg)' },
    '45%': { transform: 'rotate(-10deg)' },
    '70%': { transform: 'rotate(5deg)' },
  },
};
