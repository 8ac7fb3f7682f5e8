/**
 * Text that someone other than Efie chose (a business name, a file name, a contact message),
 * made safe to put in a message: nothing in it can become a link. Mail clients turn
 * `http://…`, `www.…` and even a bare `evil.example` in plain text into links, so the scheme
 * is broken (`hxxp://`, other schemes `[:]//`) and every dot between a letter or digit and a
 * letter is bracketed (`evil[.]example`), the way security teams "defang" an address they
 * quote. A reader still sees what was written; nobody can click it. Decimals (`1.5`) stay.
 */
export function userText(text: string): string {
  return text
    .replace(/\b(h)(tt)(ps?):\/\//gi, (_, h: string, _tt: string, p: string) => `${h}xx${p}://`)
    .replace(/\b([a-z][a-z0-9+.-]{0,30}):\/\//gi, (whole: string, scheme: string) =>
      /^hxxps?$/i.test(scheme) ? whole : `${scheme}[:]//`,
    )
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=\p{L})/gu, '[.]');
}

/** A file name someone chose, as userText, keeping the dot of its extension (`tour.mp4`, `evil[.]example.mp4`). */
export function userFileName(name: string): string {
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(name)?.[0] ?? '';
  return userText(name.slice(0, name.length - extension.length)) + extension;
}
