import * as vscode from 'vscode';

/** How serious a notification is. */
export type NoticeKind = 'info' | 'warning' | 'error';

/** A button of a notification and what a click on it does. */
export interface NoticeButton {
  readonly title: string;
  readonly run: () => unknown;
}

/** A notification as shown: for the log, and for tests, which cannot click a toast. */
export interface Notice {
  readonly kind: NoticeKind;
  readonly message: string;
  /** The buttons' titles, in order. */
  readonly buttons: readonly string[];
  /** Runs the button's action exactly as a click on the toast does (once; a second choice does nothing). */
  choose(title: string): Promise<void>;
}

/** A piece of work shown with a spinner in the status bar. */
export interface ProgressNotice {
  readonly title: string;
  readonly done: Promise<unknown>;
}

/**
 * Every notification of the extension goes through here. Messages carry no "Apply AI Edit:" prefix
 * (VS Code names the source under each toast). Showing never waits for the person: `notify`
 * returns at once and a click later runs the button's action; a button clicked after its moment
 * has passed (the review was already decided) is each action's own business to ignore.
 */
export class Notifier implements vscode.Disposable {
  private readonly shown = new vscode.EventEmitter<Notice>();
  private readonly progressed = new vscode.EventEmitter<ProgressNotice>();
  /** Fires with every notification as it is shown. */
  readonly onDidNotify = this.shown.event;
  /** Fires when a progress spinner starts. */
  readonly onDidStartProgress = this.progressed.event;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** Shows `message` with `buttons` and returns the notice (its `choose` is what a click does). */
  notify(kind: NoticeKind, message: string, buttons: readonly NoticeButton[] = []): Notice {
    let chosen = false;
    const notice: Notice = {
      kind,
      message,
      buttons: buttons.map((b) => b.title),
      choose: async (title) => {
        const button = buttons.find((b) => b.title === title);
        if (!button || chosen) return;
        chosen = true;
        try {
          await button.run();
        } catch (error) {
          this.log.error(`[notice] ${title}: ${error instanceof Error && error.stack ? error.stack : String(error)}`);
        }
      },
    };
    const show = kind === 'error' ? vscode.window.showErrorMessage : kind === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    void show(message, ...notice.buttons).then((choice) => (choice ? notice.choose(choice) : undefined));
    this.shown.fire(notice);
    return notice;
  }

  /** Shows `title` with a spinner in the status bar until `task` settles; resolves as `task` does. */
  progress<T>(title: string, task: Promise<T>): Promise<T> {
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => task.catch(() => undefined));
    this.progressed.fire({ title, done: task });
    return task;
  }

  dispose(): void {
    this.shown.dispose();
    this.progressed.dispose();
  }
}
