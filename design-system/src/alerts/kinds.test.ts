// The design system's copy of the alert rules is the contract's: a change there fails here.
import * as contract from '@coinlens/contract';
import {
  ALERT_COOLDOWN_MINUTES,
  ALERT_KEYWORD_LENGTH,
  ALERT_KINDS,
  COIN_ALERT_KINDS,
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
    ['VALUE_ALERT_KINDS', VALUE_ALERT_KINDS, contract.VALUE_ALERT_KINDS],
    ['ALERT_COOLDOWN_MINUTES', ALERT_COOLDOWN_MINUTES, contract.ALERT_COOLDOWN_MINUTES],
    ['ALERT_KEYWORD_LENGTH', ALERT_KEYWORD_LENGTH, contract.ALERT_KEYWORD_LENGTH],
    ['RSI_LINES', RSI_LINES, contract.RSI_LINES],
  ])('keeps %s as the contract has it', (_name, ours, theirs) => {
    expect(ours).toEqual(theirs);
  });

  it('says the same as the contract about which kinds are on a source', () => {
    expect(SOURCE_ALERT_KINDS).toEqual(
      contract.ALERT_KINDS.filter((kind) => !contract.COIN_ALERT_KINDS.includes(kind)),
    );
    expect(ALERT_KINDS.filter(isSourceKind)).toEqual(SOURCE_ALERT_KINDS);
  });

  it('offers a coin its coin kinds and a source its source kinds', () => {
    expect(alertKindsFor('coin')).toEqual(contract.COIN_ALERT_KINDS);
    expect(alertKindsFor('source')).toEqual(['sourceLive', 'sourceSummary', 'sourceKeyword']);
  });
});
