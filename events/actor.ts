/** Who gives a command, as the deciders see it: the signed-in user and whether they are an admin. */
export type Actor = { id: string; isAdmin: boolean };
