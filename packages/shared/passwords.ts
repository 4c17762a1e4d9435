// The password rules every way into an account shares: Auth (local/auth/passwords.ts, as GoTrue's
// `weak_password`), the registration schema (packages/shared/schemas/accounts.ts) and so the /api
// register route and the forms. At least 8 characters; at most 72 bytes of UTF-8, because bcrypt (what
// Auth stores) ignores everything past byte 72; and not one of the passwords people pick most often,
// which a guesser tries first. Plain TypeScript: it runs in Node, Deno and the browser alike.

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_BYTES = 72;

export type PasswordProblem = 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON';

// The most common choices of 8 characters or more (shorter ones fail the length rule anyway), in English
// and French, as found at the top of every list of leaked passwords, plus the product's own name.
const COMMON = `
password password1 password12 password123 password1234 passw0rd p@ssword p@ssw0rd passpass passport
12345678 123456789 1234567890 12345678910 0123456789 87654321 987654321 9876543210 11111111 111111111
1111111111 00000000 000000000 0000000000 22222222 33333333 44444444 55555555 66666666 77777777 88888888
99999999 12121212 12341234 12344321 123123123 123321123 11223344 10203040 147258369 159753456 123654789
123456abc 123456789a 12345678a 1234567a 1234qwer 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx 1234abcd
abcd1234 abc12345 abcdefgh abcdefg1 qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwertyu1 asdfghjk
asdfghjkl asdf1234 zxcvbnm1 zxcvbnm123 azertyui azertyuiop azerty12 azerty123 azerty1234 qsdfghjklm
wxcvbnnn iloveyou iloveyou1 iloveyou2 ilovegod lovelove loveyou1 princess princess1 sunshine sunshine1
football football1 baseball basketball superman batman123 spiderman starwars pokemon1 computer internet
whatever trustno1 welcome1 welcome12 welcome123 letmein1 letmein123 changeme changeme1 default1 secret12
secret123 mypassword monkey123 dragon123 master12 master123 shadow12 jennifer michelle jessica1 charlie1
jordan23 michael1 fuckyou1 freedom1 cheese12 chocolate butterfly liverpool arsenal1 chelsea1 manchester
barcelona realmadrid juventus1 bienvenue bienvenue1 motdepasse motdepasse1 motdepasse123 jetaime1
jetaime123 soleil123 bonjour1 bonjour123 doudou123 chouchou loulou123 marseille marseille13 nicolas1
camille1 vacances 123soleil admin123 admin1234 administrator adminadmin root1234 toor1234 user1234
guest123 test1234 testtest test12345 demo1234 login123 access14 qwe123456 aa123456 a1234567 a12345678
abc123456 abc123abc 123abc123 pass1234 pass12345 hello123 hello1234 helloworld goodluck1 blessing
blessing1 blessed1 godisgood godisgreat jesus123 jesuschrist mercy123 faith123 grace123 favour123
praise123 victory1 success1 success123 money123 moneyman richman1 lagos123 nigeria1 nigeria123 naija123
ghana123 accra123 senegal1 dakar123 abidjan1 africa123 kasuwa kasuwa123 kasuwa1234 kasuwa2024 kasuwa2025
kasuwa2026 business business1 company1 shop1234 market123 samsung1 samsung123 iphone123 google123
facebook1 whatsapp instagram yahoo123 gmail123 superstar sweetheart beautiful lovely123 angel123
family123 mother123 father123 mummy123 daddy123 friends1 summer123 winter123 spring123 autumn123
january1 december1 qazwsxedc 1qaz2wsx3edc zxcvbnmasdf 7777777777 6666666666 5555555555 123qweasd
qweasdzxc asdasdasd zxczxczxc qweqweqwe asdfasdf qwerqwer 1a2b3c4d a1b2c3d4 aaaa1111 aaaaaa11
`;

const LIST = new Set(COMMON.split(/\s+/).filter(Boolean));

/** One character over and over (`aaaaaaaa`), or a listed password, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  if (/^(.)\1*$/su.test(password)) return true;
  return LIST.has(password.toLowerCase());
}

export const passwordBytes = (password: string) => new TextEncoder().encode(password).length;

/** The first rule `password` breaks, or null. Length is counted in bytes, as Auth counts it. */
export function passwordProblem(password: string): PasswordProblem | null {
  const bytes = passwordBytes(password);
  if (bytes < MIN_PASSWORD_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (bytes > MAX_PASSWORD_BYTES) return 'PASSWORD_TOO_LONG';
  if (isCommonPassword(password)) return 'PASSWORD_TOO_COMMON';
  return null;
}
