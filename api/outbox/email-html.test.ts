import { describe, expect, it } from 'vitest';
import { emailHtml } from './email-html.ts';
import { messageIdOf } from './smtp-sender.ts';

const ORIGIN = 'http://localhost:3000';

describe('the HTML part of an e-mail', () => {
  it('escapes the text and makes links clickable, leaving a full stop after a link outside it', () => {
    const html = emailHtml(
      'Reset <your> password',
      'Hi <b>Ama</b> & co.\nOpen http://localhost:3000/reset-password?token=a.b&x="1". Thanks',
      ORIGIN,
    );
    expect(html).toContain('<title>Reset &lt;your&gt; password</title>');
    expect(html).toContain('<p style="margin:0 0 16px">Hi &lt;b&gt;Ama&lt;/b&gt; &amp; co.</p>');
    expect(html).toContain(
      'Open <a href="http://localhost:3000/reset-password?token=a.b&amp;x=" style="color:#b45309">http://localhost:3000/reset-password?token=a.b&amp;x=</a>&quot;1&quot;. Thanks',
    );
    expect(html).not.toContain('<b>');
  });

  it('ends a link that ends the text before its full stop, keeping the dots inside it', () => {
    const link = 'http://localhost:3000/reset-password?token=a.b.c';
    const html = emailHtml('Reset your password', `Your reset link is ${link}.`, ORIGIN);
    expect(html).toContain(
      `<p style="margin:0 0 16px">Your reset link is <a href="${link}" style="color:#b45309">${link}</a>.</p>`,
    );
    // The same after a comma and before a line break, and after the sentence's other marks.
    expect(emailHtml(null, `See ${link}, then sign in.\nOr ${link}?`, ORIGIN)).toContain(
      `<p style="margin:0 0 16px">See <a href="${link}" style="color:#b45309">${link}</a>, then sign in.</p>\n` +
        `<p style="margin:0 0 16px">Or <a href="${link}" style="color:#b45309">${link}</a>?</p>`,
    );
  });

  it('derives the Message-ID from the outbox id and the From domain', () => {
    expect(messageIdOf('6f1c', 'Efie <no-reply@efie.app>')).toBe('<6f1c@efie.app>');
    expect(messageIdOf('6f1c', 'hello@mail.efie.example')).toBe('<6f1c@mail.efie.example>');
  });
});
