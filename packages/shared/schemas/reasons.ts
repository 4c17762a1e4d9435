// The schemas' reason codes (./reason-codes.ts, without zod: the web app's screens read codes without loading
// it) and zod's messages turned into codes, for every schema that imports this file.
import { z } from './zod.ts';
import { R, reasonText } from './reason-codes.ts';

export * from './reason-codes.ts';

// zod's own messages are English sentences: a rule a schema gives no code of gets a generic one.
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'too_big':
        return issue.origin === 'string' || issue.origin === 'array'
          ? reasonText(R.TOO_LONG, { max: Number(issue.maximum) })
          : reasonText(R.NUMBER_TOO_LARGE, { max: Number(issue.maximum) });
      case 'too_small':
        if (issue.origin === 'string' || issue.origin === 'array')
          return Number(issue.minimum) <= 1
            ? R.REQUIRED
            : reasonText(R.TOO_SHORT, { min: Number(issue.minimum) });
        return reasonText(R.NUMBER_TOO_SMALL, { min: Number(issue.minimum) });
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return R.REQUIRED;
        return issue.expected === 'number' ? R.NOT_A_NUMBER : R.INVALID_VALUE;
      case 'invalid_format':
        if (issue.format === 'email') return R.INVALID_EMAIL;
        if (issue.format === 'date' || issue.format === 'datetime') return R.INVALID_DATE;
        return R.INVALID_VALUE;
      case 'not_multiple_of':
        return R.MONEY_DECIMALS;
      case 'unrecognized_keys':
        return reasonText(R.UNKNOWN_FIELD, { keys: issue.keys.join(', ') });
      default:
        return R.INVALID_VALUE;
    }
  },
});
