// How many terminal columns a text takes, for the code frames' carets and check-windows' tables.
// Terminals draw Chinese, Japanese and Korean script, their punctuation and full-width forms, and
// emoji two columns wide. V8 knows these by Unicode property; string-width, which knows East
// Asian Width itself, took 50 ms to load on every command that printed with it.

// By script extension, not script: the long vowel mark of katakana (ー in バンブルビー) is of
// the Common script, shared by both kana, and as wide as they are.
const WIDE =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6\p{Extended_Pictographic}]/u;
// Half-width forms (ｶﾀｶﾅ, ﾊﾝｸﾞﾙ and their punctuation) take one column, whatever their script.
const HALF_WIDTH = /[\uff61-\uffdc\uffe8-\uffee]/u;
const MARK = /^\p{M}$/u;

/**
 * The terminal columns a shown character takes: an escape as many as its letters, a tab one (the
 * caret's padding keeps it as a tab), a wide character two, a combining mark none.
 */
export function columnsOf(shown: string): number {
  // Latin letters and the escapes (\x1b, \n): a column each.
  if (shown.charCodeAt(0) < 0x300) return shown.length;
  return WIDE.test(shown) && !HALF_WIDTH.test(shown) ? 2 : MARK.test(shown) ? 0 : 1;
}

/** The columns of a text, character by character. */
export function textColumns(text: string): number {
  let columns = 0;
  for (const char of text) columns += columnsOf(char);
  return columns;
}
