// The Apply AI Edit panel's webview script: plain DOM, no framework, no remote content.
// It sends the reply box's text to the extension on every change and renders what comes back:
// the blocks with their status, a summary (with Copy Failure Report and Review the Rest when the
// reply fails), notices, and the history, each entry with its own Undo.
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const $ = (id) => document.getElementById(id);
  const reply = $('reply');
  const reviewButton = $('review');
  const applyButton = $('apply');
  const clearButton = $('clear');
  const summary = $('summary');
  const blocks = $('blocks');
  const notice = $('notice');
  const history = $('history');
  const failureActions = $('failure-actions');
  const reviewRestButton = $('review-rest');
  let busy = false;
  let state = 'empty';

  const saved = vscode.getState();
  if (saved && typeof saved.text === 'string') reply.value = saved.text;

  const icons = { writing: '…', parsed: '•', placed: '✓', already: '✓', failed: '✗', incomplete: '!' };
  const words = { writing: 'writing', parsed: 'parsed', placed: 'placed', already: 'already applied', failed: 'failed', incomplete: 'incomplete' };

  function sendText() {
    vscode.setState({ text: reply.value });
    vscode.postMessage({ type: 'text', text: reply.value });
  }

  function updateButtons() {
    const hasText = reply.value.trim() !== '';
    // A failing reply is reviewed only through Review the Rest, which says what it leaves out.
    reviewButton.disabled = busy || !hasText || state === 'empty' || state === 'failed';
    // Apply writes at once, so it is offered only when every edit placed.
    applyButton.disabled = busy || state !== 'ready';
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function blockItems(list) {
    return list.map((b) => {
      const item = el('li', 'block ' + b.state);
      item.tabIndex = 0;
      const icon = el('span', 'icon', icons[b.state] || '•');
      icon.setAttribute('aria-hidden', 'true');
      const head = el('span', 'head');
      head.append(el('strong', '', b.block > 0 ? 'Block ' + b.block : 'Block'), document.createTextNode(' · ' + (b.path || 'active file') + ' · ' + (b.formatName || b.format)));
      const detail = el('span', 'detail', words[b.state] + (b.detail && b.detail !== words[b.state] ? ': ' + b.detail : ''));
      item.setAttribute('aria-label', 'Block ' + (b.block || '') + ', ' + (b.path || 'active file') + ', ' + words[b.state] + ', ' + b.detail);
      item.append(icon, head, detail);
      return item;
    });
  }

  function renderBlocks(message) {
    state = message.state;
    summary.textContent = message.summary || '';
    summary.className = 'summary ' + message.state;
    blocks.replaceChildren(...blockItems(message.blocks));
    failureActions.hidden = !message.failure;
    reviewRestButton.hidden = !(message.failure && message.failure.canReviewRest);
    updateButtons();
  }

  function renderWatch(message) {
    $('watch').hidden = false;
    $('watch-title').textContent = 'Model reply: ' + message.source;
    $('watch-summary').textContent = message.summary;
    $('watch-summary').className = 'summary ' + message.state;
    $('watch-blocks').replaceChildren(...blockItems(message.blocks));
  }

  function renderHistory(entries) {
    if (entries.length === 0) {
      history.replaceChildren(el('li', 'empty', 'Nothing applied yet.'));
      return;
    }
    history.replaceChildren(
      ...entries.map((entry) => {
        const item = el('li', 'entry' + (entry.undone ? ' undone' : ''));
        const details = el('details');
        const title = el('summary', '', entry.time + ' · ' + entry.title + ' · from ' + entry.source + (entry.undone ? ' (undone)' : ''));
        const list = el('ul', 'receipt');
        for (const line of entry.lines) list.append(el('li', '', line));
        details.append(title, list);
        item.append(details);
        if (entry.canUndo) {
          const undo = el('button', 'secondary undo', 'Undo');
          undo.type = 'button';
          undo.title = 'Restore every file this apply changed (refused if one changed since)';
          undo.addEventListener('click', () => vscode.postMessage({ type: 'undo', id: entry.id }));
          item.append(undo);
        }
        return item;
      }),
    );
  }

  reply.addEventListener('input', () => {
    notice.textContent = '';
    sendText();
    updateButtons();
  });
  reply.addEventListener('keydown', (event) => {
    // Ctrl/Cmd+Enter reviews, Ctrl/Cmd+Shift+Enter applies: the box stays usable from the keyboard.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      const button = event.shiftKey ? applyButton : reviewButton;
      if (!button.disabled) button.click();
    }
  });
  reviewButton.addEventListener('click', () => vscode.postMessage({ type: 'review' }));
  $('copy-report').addEventListener('click', () => vscode.postMessage({ type: 'copyReport' }));
  reviewRestButton.addEventListener('click', () => vscode.postMessage({ type: 'reviewRest' }));
  applyButton.addEventListener('click', () => vscode.postMessage({ type: 'apply' }));
  clearButton.addEventListener('click', () => {
    reply.value = '';
    notice.textContent = '';
    sendText();
    reply.focus();
  });

  window.addEventListener('message', (event) => {
    const message = event.data;
    switch (message.type) {
      case 'blocks':
        renderBlocks(message);
        break;
      case 'history':
        renderHistory(message.entries);
        break;
      case 'watch':
        renderWatch(message);
        break;
      case 'busy':
        busy = message.busy;
        document.body.classList.toggle('busy', busy);
        if (message.message) notice.textContent = message.message;
        updateButtons();
        break;
      case 'notice':
        notice.textContent = message.message;
        notice.className = 'notice ' + message.kind;
        break;
      case 'focus':
        notice.textContent = message.message;
        notice.className = 'notice info';
        reply.focus();
        break;
    }
  });

  renderHistory([]);
  vscode.postMessage({ type: 'ready' });
  if (reply.value) sendText();
  updateButtons();
})();
