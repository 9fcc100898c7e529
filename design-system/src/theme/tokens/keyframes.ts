/** Motion used by components (spinners, typing dots, toasts, the loading bar). */
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
};
