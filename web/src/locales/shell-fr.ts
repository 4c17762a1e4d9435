// The shell's French strings (marketing pages, sign-in, registration, the app's frame): what a visitor's first
// page needs. The features' strings are in features-fr.ts.
import errors from './errors-fr.json';
import strings from './fr.json';

// The refusals' strings (errors.*, ADR 005) come with the shell's: sign-in and registration show them.
export default { ...strings, ...errors } as Record<string, string>;
