import { firstOf, type SimulatedHost } from './host-actions.ts';
import { messageMarker } from './ledger.ts';

// The host answers in a thread through its screen (/messages/{id}): types a message whose text
// carries a marker no other message of the run has, presses Send, and reads the thread. The app
// confirms it by showing the message in the thread, sent or "Sending…" (kept in the outbox).

export async function sendMessage(actor: SimulatedHost): Promise<void> {
  const { device, ledger, random, conversations } = actor;
  if (conversations.length === 0) return;
  const id = random.pick(conversations);
  const page = device.page;
  await page.goto(`/messages/${id}`);
  const composer = page.getByRole('textbox', { name: 'Your message' });
  try {
    await composer.waitFor({ timeout: 20_000 });
  } catch {
    ledger.count(`message skipped (thread not shown in 20 s, ${device.offline ? 'offline' : 'online'})`);
    return;
  }
  const n = actor.unique();
  const text = `Yes, it is still free: come on day ${n % 28} (${messageMarker(device.name, n)}).`;
  await composer.fill(text);
  const message = ledger.sendMessage(device.name, id, text, Date.now());
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  ledger.count('message');
  if (device.offline) ledger.count('message sent while offline');
  if (await actor.midSend()) return;
  const bubble = page.getByRole('listitem').filter({ hasText: text });
  const outcome = await firstOf(60_000, [
    [async () => (await bubble.count()) > 0, 'shown'],
    // Refused now (a 4xx or 5xx answer): the composer keeps the text and a toast says why.
    [
      async () =>
        (await page.getByText('Error', { exact: true }).first().isVisible()) &&
        (await composer.inputValue().catch(() => '')) === text,
      'refused',
    ],
  ]);
  if (outcome === 'shown') {
    message.certain = true;
    if ((await bubble.getByText('Sending…').count()) > 0) ledger.count('message shown as Sending… (queued)');
  } else if (outcome === 'refused') {
    // The person saw it was not sent; they leave it (the next message is a new one).
    message.cancelled = true;
    ledger.count('message refused on screen');
    ledger.note(`${device.name}: message ${messageMarker(device.name, n)} refused on screen`);
  } else ledger.note(`${device.name}: message ${messageMarker(device.name, n)}: nothing on screen after 60 s`);
}
