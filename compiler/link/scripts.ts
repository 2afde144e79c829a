// Writing systems: which of the East Asian scripts a text is written in, and whether a language
// can be written so. A translation pasted under the wrong language key is told by its script.

export interface Scripts {
  /** Chinese characters that only simplified Chinese writes (们, 这, 选; Japanese writes 選). */
  simplified: number;
  hangul: boolean;
  kana: boolean;
  han: boolean;
}

/** A letter beyond Latin and its accents: the only texts worth looking at for a script. */
export const NOT_LATIN = /[\u0370-\uFFFF]/;
const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
// Common characters of simplified Chinese that Japanese writes otherwise (们 has no Japanese form;
// 这 is 這, 选 is 選, 价 is 価): an address in Japan is all Chinese characters, and none of these.
const SIMPLIFIED_ONLY =
  /[们这说为对个现发经过还进么样问题请选择购买产优价订阅邮联关载门时间动东车机长开网页务员级试边专业]/gu;

/** The East Asian scripts of a text, or null where it has none. */
export function scriptsOf(text: string): Scripts | null {
  const han = HAN.test(text);
  const hangul = HANGUL.test(text);
  const kana = KANA.test(text);
  if (!han && !hangul && !kana) return null;
  return { han, hangul, kana, simplified: han ? (text.match(SIMPLIFIED_ONLY)?.length ?? 0) : 0 };
}

/**
 * Why a text cannot be in its language, by the scripts it is written in, or null. Korean is
 * written in Hangul, Chinese with neither Hangul nor kana, Latin-script languages with none of the
 * three. Japanese may be all Chinese characters (an address, 製品登録): it is taken for Chinese
 * only with no kana and two characters or more only simplified Chinese writes.
 */
export function scriptMismatch(language: string, s: Scripts): string | null {
  const written = s.hangul ? "Korean" : s.kana ? "Japanese" : "Chinese";
  if (language === "ko") return s.hangul ? null : written;
  if (language === "ja") return s.hangul ? "Korean" : !s.kana && s.simplified >= 2 ? "Chinese" : null;
  if (language === "zh") return s.hangul || s.kana ? written : null;
  return written;
}
