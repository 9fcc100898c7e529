// The design system's copy of the alert rules is the contract's: a change there fails here.
import * as contract from '@coinlens/contract';
import {
  ALERT_COOLDOWN_MINUTES,
  ALERT_KEYWORD_LENGTH,
  ALERT_KINDS,
  COIN_ALERT_KINDS,
  KEYWORD_ALERT_KINDS,
  NEW_SOURCE_ALERT_KINDS,
  RSI_LINES,
  SOURCE_ALERT_KINDS,
  VALUE_ALERT_KINDS,
  alertKindsFor,
  isSourceKind,
} from './kinds';

describe("the alert rules' copy", () => {
  it.each([
    ['ALERT_KINDS', ALERT_KINDS, contract.ALERT_KINDS],
    ['COIN_ALERT_KINDS', COIN_ALERT_KINDS, contract.COIN_ALERT_KINDS],
    ['SOURCE_ALERT_KINDS', SOURCE_ALERT_KINDS, contract.SOURCE_ALERT_KINDS],
    ['VALUE_ALERT_KINDS', VALUE_ALERT_KINDS, contract.VALUE_ALERT_KINDS],
    ['KEYWORD_ALERT_KINDS', KEYWORD_ALERT_KINDS, contract.KEYWORD_ALERT_KINDS],
    ['ALERT_COOLDOWN_MINUTES', ALERT_COOLDOWN_MINUTES, contract.ALERT_COOLDOWN_MINUTES],
    ['ALERT_KEYWORD_LENGTH', ALERT_KEYWORD_LENGTH, contract.ALERT_KEYWORD_LENGTH],
    ['RSI_LINES', RSI_LINES, contract.RSI_LINES],
  ])('keeps %s as the contract has it', (_name, ours, theirs) => {
    expect(ours).toEqual(theirs);
  });

  it('gives every kind exactly one subject: a coin, one source, or every new source', () => {
    expect([...COIN_ALERT_KINDS, ...SOURCE_ALERT_KINDS, ...NEW_SOURCE_ALERT_KINDS]).toEqual(
      contract.ALERT_KINDS,
    );
    expect(NEW_SOURCE_ALERT_KINDS).toEqual(
      contract.ALERT_KINDS.filter(
        (kind) =>
          !contract.COIN_ALERT_KINDS.includes(kind) && !contract.SOURCE_ALERT_KINDS.includes(kind),
      ),
    );
  });

  it('counts only the kinds on one source as source kinds, not newSourceKeyword', () => {
    expect(ALERT_KINDS.filter(isSourceKind)).toEqual(contract.SOURCE_ALERT_KINDS);
    expect(isSourceKind('newSourceKeyword')).toBe(false);
  });

  it.each([
    ['coin', contract.COIN_ALERT_KINDS],
    ['source', contract.SOURCE_ALERT_KINDS],
    ['newSources', ['newSourceKeyword']],
  ] as const)('offers %s its own kinds', (subject, kinds) => {
    expect(alertKindsFor(subject)).toEqual(kinds);
  });
});
