// The shell's English strings (marketing pages, sign-in, registration, the app's frame): what a visitor's first
// page needs. The features' strings are in features-en.ts.
import strings from './en.json';

export default strings as Record<string, string>;
