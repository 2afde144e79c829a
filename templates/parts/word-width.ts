// How wide a text's longest unbreakable word is drawn, estimated from its letters, for a rule that
// must keep the word whole on its line: a heading set smaller (FittedHeading.tsx), a grid given
// fewer columns (Benefits.tsx).

/**
 * How wide the widest word of a text is, in em. A Latin letter is counted 0.68 em, the widest of
 * the faces the site may be set in (Linux's system-ui, DejaVu Sans, draws Weihnachtsangebote at
 * 0.64 em a letter; narrower faces leave room); a Korean syllable 1 em, its words breaking only
 * between them; Chinese and Japanese break between any two characters, so none of theirs is a word.
 */
export function widestWordEm(text: string): number {
  let widest = 0;
  // A number of hyphenated parts (2025-03-27) is kept on one line (FiguresWhole): one word, its
  // hyphens made ones no line breaks at.
  const figuresJoined = text.replace(/(?<=\d)[-‐－](?=\d)/g, "\u2011");
  for (const word of figuresJoined.split(/[\s\-‐–—/]+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u)) {
    let em = 0;
    for (const char of word) em += /\p{Script=Hangul}/u.test(char) ? 1 : 0.68;
    widest = Math.max(widest, em);
  }
  return Math.round(widest * 10) / 10;
}
