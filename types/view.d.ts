// The contract between the shell and a game's view.js (web/games/README.md says it in words).
// For the static check only (tsconfig.json): views refer to these with JSDoc, e.g.
//   /** @param {HTMLElement} root @param {import('../../../types/view').Ctx} ctx */

/** A text in both languages. */
export interface Bilingual { ja: string; en: string }

/** A refusal of the engine (the bridge's ApiError carries the same fields). */
export interface ApiErrorLike {
  code: string;
  message_ja: string;
  message_en: string;
  params?: Record<string, any>;
}

export interface Player { name: string; type: 'human' | 'bot'; level?: string }

export interface GameEvent { ply: number; seat: number; kind: 'self' | 'bot' | 'human' | 'chance'; ja: string; en: string }

export interface Outcome {
  winners: number[];
  draw: boolean;
  scores: number[] | null;
  reason: Bilingual;
  details: Record<string, any>;
  termination: string;
}

export interface Rulings {
  engine_version: number;
  current: number;
  older: Array<{ key: string; label: Bilingual; value: any }>;
}

/** What `update(payload)` gets: the engine's answer plus the shell's fields. `V` is the game's view dict. */
export interface Payload<V = Record<string, any>> {
  game: string;
  ply: number;
  plies: number;
  seat: number | null;
  to_move: number[];
  view: V;
  legal: string[];
  outcome: Outcome | null;
  progress: { turn: number } & Bilingual;
  can_undo: boolean;
  undo_reason: ({ code: string } & Bilingual) | null;
  rulings: Rulings;
  /** a match with a friend by link (core/remote.py) */
  by_link: boolean;
  /** whether the computer may help now (analysis, review, puzzles): not in a match by link before its end */
  engine_help: { allowed: boolean; why: ({ code: string } & Bilingual) | null };
  players: Player[];
  events: GameEvent[];
  thinking: number | null;
  replay: boolean;
}

/** The turn display (web/shell/turn.js) as ctx.turn. */
export interface Turn {
  strip: HTMLElement;
  flash(el: Element, kind?: 'gain' | 'loss'): void;
  markChanged(els: Iterable<Element>, kind?: 'gain' | 'loss'): void;
  changedKeys(prev: Record<string, any>, next: Record<string, any>): string[];
  flashTracker(root: Element): { mark(selector: string, kind?: 'gain' | 'loss'): void; apply(): void };
}

/** JSON values in localStorage under pygames.game.<game>.<key>. */
export interface GameStorage {
  get(key: string): any;
  set(key: string, value: any): void;
  remove(key: string): void;
}

/** What every hook gets (setupForm, mount, mountPage). */
export interface BaseCtx {
  readonly lang: 'ja' | 'en';
  t(ja: string, en?: string): string;
  api(name: string, args?: Record<string, any>): Promise<any>;
  rulesHref: string;
  storage: GameStorage;
}

/** What `mount` gets. `turn` is absent in replays. */
export interface Ctx extends BaseCtx {
  act(action: string): Promise<any>;
  check(action: string): Promise<ApiErrorLike | null>;
  /** Absent in replays (kabu guards it with `ctx.inspect ?`). */
  inspect?(action: string): Promise<{ error: ApiErrorLike | null; details: any }>;
  turn?: Turn;
  /** Replays only: the height (px) the replay's sticky step bar covers at the top of the window, which a
   * view that fits itself to the window leaves free (shogi's fit.js). */
  topInset?(): number;
}

/** What `mount` returns. */
export interface MountedView {
  update(payload: Payload): void;
  destroy(): void;
  resultBreakdown?(payload: Payload): Node | null;
}

/** What `setupForm` gets: `retitle()` redraws the heading after `title()` changed. */
export interface SetupCtx extends BaseCtx {
  retitle?(): void;
}

export interface SetupForm {
  getOptions(): Record<string, any> | Promise<Record<string, any>>;
  relang?(): void;
  /** The name of the match these options make, when it is not the game's (shogi: 本将棋); null for the game's. */
  title?(): { ja: string; en: string } | null;
  /** 「もう一度遊ぶ」: show the options of the match played again (as its record keeps them). */
  setOptions?(options: Record<string, any>): void;
}

export interface Page { destroy(): void; relang?(): void }

/** The exports of web/games/<game>/view.js. */
export interface ViewModule {
  mount(root: HTMLElement, ctx: Ctx): MountedView;
  setupForm?(root: HTMLElement, ctx: SetupCtx): SetupForm;
  mountPage?(name: string, root: HTMLElement, ctx: BaseCtx): Page | null;
  /** Build something hidden in `host`, lay it out and remove it, so the first render is fast (no match data). */
  prewarm?(host: HTMLElement, t: (ja: string, en?: string) => string, lang: 'ja' | 'en'): void;
}
