// The shell's French strings (marketing pages, sign-in, registration, the app's frame): what a visitor's first
// page needs. The features' strings are in features-fr.ts.
import strings from './fr.json';

export default strings as Record<string, string>;
