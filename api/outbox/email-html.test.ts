import { describe, expect, it } from 'vitest';
import { emailHtml } from './email-html.ts';
import { messageIdOf } from './smtp-sender.ts';

describe('the HTML part of an e-mail', () => {
  it('escapes the text and makes links clickable, leaving a full stop after a link outside it', () => {
    const html = emailHtml('Reset <your> password', 'Hi <b>Ama</b> & co.\nOpen http://localhost:3000/reset-password?token=a.b&x="1". Thanks');
    expect(html).toContain('<title>Reset &lt;your&gt; password</title>');
    expect(html).toContain('<p style="margin:0 0 16px">Hi &lt;b&gt;Ama&lt;/b&gt; &amp; co.</p>');
    expect(html).toContain(
      'Open <a href="http://localhost:3000/reset-password?token=a.b&amp;x=" style="color:#b45309">http://localhost:3000/reset-password?token=a.b&amp;x=</a>&quot;1&quot;. Thanks',
    );
    expect(html).not.toContain('<b>');
  });

  it('derives the Message-ID from the outbox id and the From domain', () => {
    expect(messageIdOf('6f1c', 'Efie <no-reply@efie.app>')).toBe('<6f1c@efie.app>');
    expect(messageIdOf('6f1c', 'hello@mail.efie.example')).toBe('<6f1c@mail.efie.example>');
  });
});
