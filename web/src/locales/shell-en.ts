// The shell's English strings (marketing pages, sign-in, registration, the app's frame): what a visitor's first
// page needs. The features' strings are in features-en.ts.
import errors from './errors-en.json';
import strings from './en.json';

// The refusals' strings (errors.*, ADR 005) come with the shell's: sign-in and registration show them.
export default { ...strings, ...errors } as Record<string, string>;
