// What each person meant, as the script's people did it: every action with the moment the
// person did it (the tap, not the server's answer) and whether the app confirmed it ("certain":
// the form left, the heart turned, the wizard moved on) or the device was closed or reloaded
// before it could say ("maybe": either outcome is what the person may have got). Refusals the
// person saw and accepted (Discard on a 409, Discard on a "Not sent") cancel what they refused.
// A message is written in a thread through its composer; its text is unique in the run, so the
// thread read back says whether it arrived, and how many times.

export const EDIT_FIELDS = ['title', 'pricePerNight'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type EditValues = Partial<Record<EditField, string | number>>;

type Intent = { seq: number; device: string; at: number; certain: boolean; cancelled: boolean };
/**
 * 'accepted': the value the listing held when the person discarded their refused edit of that
 * field. It is what they then meant, but it does not outrank another device's save made
 * before it and arriving after (the person took what they saw, not a later value).
 */
export type Commitment = Intent & {
  propertyId: string;
  field: EditField;
  value: string | number;
  via: 'save' | 'send-mine' | 'accepted';
};
export type FavouriteTap = Intent & { propertyId: string; favourite: boolean };
/** A wizard submission; `marker` is written in its description, which no edit touches. */
export type Submission = Intent & { marker: string; title: string; pricePerNight: number };
/** A message written in a thread; `text` holds a marker no other message of the run has. */
export type SentMessage = Intent & { conversationId: string; text: string };
/** The marker written in a message, found again in the thread the API answers. */
export const messageMarker = (device: string, n: number) => `chaos-message-${device}-${n}`;
export const markerOfMessage = (text: string) => /chaos-message-[\w-]+-\d+/.exec(text)?.[0];
export type AdminIntent = {
  seq: number;
  at: number;
  propertyId: string;
  field: 'isActive' | 'isVerified';
  value: boolean;
};

export function createLedger() {
  let seq = 0;
  const commitments: Commitment[] = [];
  const taps: FavouriteTap[] = [];
  const submissions: Submission[] = [];
  const admin: AdminIntent[] = [];
  const messages: SentMessage[] = [];
  /** The listing's values before any device edited it (made through the API, or typed in the wizard). */
  const originals = new Map<string, Record<EditField, string | number>>();
  const counts = new Map<string, number>();
  const notes: string[] = [];
  const intent = (device: string, at: number): Intent => ({ seq: ++seq, device, at, certain: false, cancelled: false });

  return {
    commitments,
    taps,
    submissions,
    admin,
    messages,
    originals,
    counts,
    notes,
    count(name: string, by = 1) {
      counts.set(name, (counts.get(name) ?? 0) + by);
    },
    note(line: string) {
      notes.push(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
    },
    /** A Save tapped in the edit form: one commitment per field the person typed. */
    saveEdit(
      device: string,
      propertyId: string,
      values: EditValues,
      at: number,
      via: Commitment['via'] = 'save',
    ): Commitment[] {
      const made = Object.entries(values).map(([field, value]) => ({
        ...intent(device, at),
        propertyId,
        field: field as EditField,
        value: value!,
        via,
      }));
      commitments.push(...made);
      return made;
    },
    /**
     * The person discarded a refused edit: what this device saved of those fields is no longer
     * meant (the item had merged every waiting save of the listing), and the listing as it is
     * now is accepted.
     */
    discardEdit(
      device: string,
      propertyId: string,
      values: EditValues,
      now: Record<EditField, string | number>,
      at: number,
    ) {
      for (const c of commitments) {
        if (c.device === device && c.propertyId === propertyId && c.field in values && c.at <= at) c.cancelled = true;
      }
      for (const field of Object.keys(values) as EditField[]) {
        commitments.push({
          ...intent(device, at),
          certain: true,
          propertyId,
          field,
          value: now[field],
          via: 'accepted',
        });
      }
    },
    tapFavourite(device: string, propertyId: string, favourite: boolean, at: number): FavouriteTap {
      const tap = { ...intent(device, at), propertyId, favourite };
      taps.push(tap);
      return tap;
    },
    /** A favourite the server refused, discarded by the person: their latest such tap is withdrawn. */
    discardFavourite(device: string, propertyId: string, favourite: boolean) {
      const tap = taps
        .filter((t) => t.device === device && t.propertyId === propertyId && t.favourite === favourite && !t.cancelled)
        .at(-1);
      if (tap) tap.cancelled = true;
    },
    submit(device: string, marker: string, title: string, pricePerNight: number, at: number): Submission {
      const submission = { ...intent(device, at), marker, title, pricePerNight };
      submissions.push(submission);
      return submission;
    },
    /** Send pressed in a thread's composer (or, for the renter, a message sent through the API). */
    sendMessage(device: string, conversationId: string, text: string, at: number): SentMessage {
      const message = { ...intent(device, at), conversationId, text };
      messages.push(message);
      return message;
    },
    adminDid(propertyId: string, field: AdminIntent['field'], value: boolean) {
      admin.push({ seq: ++seq, at: Date.now(), propertyId, field, value });
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
