/**
 * What the signing page must show, by the spec's rules (spec §2 Digital signing, §4 Signing, §5), followed from the
 * worker's gestures and the server's answers only: never from the machine (e2e/model/signing.spec.ts walks the
 * machine's paths, and checks the page against this).
 *
 * - Without a valid signature: a prompt to create one. With one and no mission left to sign: "nothing to sign".
 * - Otherwise the missions not yet requested for signing, unchecked at first; a mission toggles between checked
 *   and unchecked; a comment keeps at most 250 characters. "Select all" (docs/decisions/139-select-all-sticky-sign-bar-and-freelancer-home.md) checks every listed mission,
 *   or unchecks them all when all are checked.
 * - Sign is enabled only when at least one mission is checked (§2, §5), and only with an approved signature (§4:
 *   contracts cannot be signed before a signature is created and approved).
 * - Signing opens a confirmation listing the selected missions as "date - reference"; on confirm they are sent and
 *   marked signingRequested, so they leave the list.
 */
export type ListedMission = { mission: string; date: string; reference: string };
export type SigningScreen = 'loading' | 'loadFailed' | 'noSignature' | 'nothingToSign' | 'list' | 'confirm' | 'sending' | 'confirmFailed';

export class SigningList {
  screen: SigningScreen = 'loading';
  private listed: ListedMission[] = [];
  private readonly checked = new Set<string>();
  private readonly comments = new Map<string, string>();
  /** The missions the last successful request sent (the page confirms the request). */
  lastSent: string[] = [];

  constructor(private readonly signature: { valid: boolean; approved: boolean }) {}

  /** The list arrived: every mission the server holds that is not requested yet. */
  loaded(missions: ListedMission[]): void {
    this.listed = [...missions];
    this.screen = !this.signature.valid ? 'noSignature' : this.listed.length === 0 ? 'nothingToSign' : 'list';
  }

  loadFailed(): void {
    this.screen = 'loadFailed';
  }

  retried(): void {
    this.screen = 'loading';
  }

  toggled(mission: string): void {
    if (this.checked.has(mission)) this.checked.delete(mission);
    else this.checked.add(mission);
  }

  /** "Select all": every listed mission checked, or none when all were. */
  toggledAll(): void {
    const all = this.listed.length > 0 && this.listed.every((m) => this.checked.has(m.mission));
    this.checked.clear();
    if (!all) for (const m of this.listed) this.checked.add(m.mission);
  }

  /** §5: a signing comment keeps at most 250 characters (of what the worker typed). */
  commented(mission: string, comment: string): void {
    this.comments.set(mission, Array.from(comment).slice(0, 250).join(''));
  }

  signed(): void {
    this.screen = 'confirm';
  }

  cancelled(): void {
    this.screen = 'list';
  }

  confirmed(): void {
    this.screen = 'sending';
  }

  /** The server marked the missions sent: they leave the list. */
  accepted(): void {
    this.lastSent = this.selected().map((item) => item.mission);
    this.listed = this.listed.filter((item) => !this.checked.has(item.mission));
    this.checked.clear();
    this.screen = this.listed.length === 0 ? 'nothingToSign' : 'list';
  }

  refused(): void {
    this.screen = 'confirmFailed';
  }

  /** The rows of the list, in order. */
  rows(): Array<ListedMission & { checked: boolean; comment: string }> {
    return this.listed.map((item) => ({ ...item, checked: this.checked.has(item.mission), comment: this.comments.get(item.mission) ?? '' }));
  }

  /** The checked missions, in the order of the list. */
  selected(): ListedMission[] {
    return this.listed.filter((item) => this.checked.has(item.mission));
  }

  /** §2/§5: Sign needs a checked mission; §4: and an approved signature. */
  signEnabled(): boolean {
    return this.checked.size > 0 && this.signature.approved;
  }

  /** §4: a signature pending review shows the list, and says why Sign waits. */
  awaitingApproval(): boolean {
    return this.signature.valid && !this.signature.approved;
  }
}
