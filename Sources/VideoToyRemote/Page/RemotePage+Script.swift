/// The page's script: live status over the WebSocket, commands over `fetch`, the library paged and searched.
///
/// Every text from the app reaches the page through `textContent`, never as markup.
extension RemotePage {
    /// `app.js`.
    static let script = #"""
        'use strict';
        const $ = (id) => document.getElementById(id);
        let status = null, dragging = false, posterId = null, socket = null, backoff = 500;
        let query = '', offset = 0, total = 0, searchTimer = null;

        function clock(ms) {
          if (ms == null || ms < 0) return '0:00';
          const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
          const mm = h ? String(m).padStart(2, '0') : String(m);
          return (h ? h + ':' : '') + mm + ':' + String(r).padStart(2, '0');
        }

        async function send(command) {
          try {
            const answer = await fetch('/api/command', {
              method: 'POST', body: JSON.stringify(command), credentials: 'same-origin',
              headers: { 'Content-Type': 'application/json' } });
            const reply = await answer.json().catch(() => ({}));
            $('message').textContent = answer.ok ? '' : (reply.error || ('Refused (' + answer.status + ')'));
          } catch (e) {
            $('message').textContent = 'Not connected';
          }
        }

        function render(next) {
          status = next;
          const current = next && next.current;
          $('title').textContent = current ? current.title : 'Nothing playing';
          $('state').textContent = current ? current.state : '';
          const playing = !!current && current.state === 'playing';
          $('toggle').querySelector('.play').toggleAttribute('hidden', playing);
          $('toggle').querySelector('.pause').toggleAttribute('hidden', !playing);
          $('toggle').setAttribute('aria-label', current && current.state === 'playing' ? 'Pause' : 'Play');
          $('position').textContent = clock(current && current.position_ms);
          $('duration').textContent = clock(current && current.duration_ms);
          if (!dragging) {
            $('seek').max = String((current && current.duration_ms) || 0);
            $('seek').value = String((current && current.position_ms) || 0);
          }
          if (current && current.volume != null && document.activeElement !== $('volume')) {
            $('volume').value = String(Math.round(current.volume * 100));
          }
          const muted = !!current && !!current.muted;
          $('mute').querySelector('.on').toggleAttribute('hidden', muted);
          $('mute').querySelector('.off').toggleAttribute('hidden', !muted);
          const id = current ? current.id : null;
          if (id !== posterId) {
            posterId = id;
            $('poster').hidden = id == null;
            if (id != null) $('poster').src = '/api/poster/' + encodeURIComponent(id);
          }
          const presenting = next && next.presenter && next.presenter.presenting;
          $('covers').hidden = !presenting;
          renderScreens((next && next.screens) || []);
          for (const row of $('library').children) row.classList.toggle('playing', Number(row.dataset.id) === id);
        }

        function renderScreens(screens) {
          const box = $('screens');
          box.replaceChildren();
          if (!screens.length) {
            const none = document.createElement('span');
            none.className = 'dim';
            none.textContent = 'No external screen';
            box.append(none);
          }
          for (const screen of screens) {
            const button = document.createElement('button');
            button.textContent = screen.name + (screen.kind === 'network' ? ' (network)' : '');
            if (screen.chosen) button.className = 'chosen';
            button.addEventListener('click', () => send({ command: 'screen', connector: screen.connector }));
            box.append(button);
          }
        }

        function connect() {
          socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
          socket.onopen = () => { backoff = 500; $('connection').textContent = 'Live'; $('connection').className = 'pill live'; };
          socket.onmessage = (event) => { try { render(JSON.parse(event.data)); } catch (e) {} };
          socket.onclose = () => {
            $('connection').textContent = 'Reconnecting'; $('connection').className = 'pill';
            setTimeout(connect, backoff);
            backoff = Math.min(backoff * 2, 10000);
          };
        }

        async function loadLibrary(reset) {
          if (reset) { offset = 0; $('library').replaceChildren(); }
          const answer = await fetch('/api/library?q=' + encodeURIComponent(query) + '&offset=' + offset, { credentials: 'same-origin' });
          if (!answer.ok) return;
          const page = await answer.json();
          total = page.total;
          for (const item of page.items) {
            const row = document.createElement('li');
            row.dataset.id = String(item.id);
            if (!item.playable) row.classList.add('unplayable');
            const image = document.createElement('img');
            image.loading = 'lazy';
            image.alt = '';
            image.src = '/api/poster/' + encodeURIComponent(item.id);
            image.addEventListener('error', () => { image.style.visibility = 'hidden'; });
            const name = document.createElement('span');
            name.className = 'name';
            name.textContent = item.title;
            const length = document.createElement('span');
            length.className = 'dim';
            length.textContent = item.duration_ms != null ? clock(item.duration_ms) : '';
            row.append(image, name, length);
            row.addEventListener('click', () => send({ command: 'play', id: item.id }));
            $('library').append(row);
          }
          offset += page.items.length;
          $('more').hidden = offset >= total;
        }

        document.addEventListener('DOMContentLoaded', () => {
          $('toggle').addEventListener('click', () => send({ command: 'toggle-play' }));
          $('previous').addEventListener('click', () => send({ command: 'previous' }));
          $('next').addEventListener('click', () => send({ command: 'next' }));
          $('back').addEventListener('click', () => send({ command: 'seek-by', ms: -10000 }));
          $('forward').addEventListener('click', () => send({ command: 'seek-by', ms: 10000 }));
          $('mute').addEventListener('click', () => send({ command: 'toggle-mute' }));
          $('volume').addEventListener('change', () => send({ command: 'volume', value: Number($('volume').value) / 100 }));
          $('seek').addEventListener('input', () => { dragging = true; $('position').textContent = clock(Number($('seek').value)); });
          $('seek').addEventListener('change', () => { dragging = false; send({ command: 'seek', ms: Number($('seek').value) }); });
          $('black').addEventListener('click', () => send({ command: 'cover', cover: 'black' }));
          $('white').addEventListener('click', () => send({ command: 'cover', cover: 'white' }));
          $('picture').addEventListener('click', () => send({ command: 'cover', cover: 'none' }));
          $('poster').addEventListener('error', () => { $('poster').hidden = true; });
          $('search').addEventListener('input', () => {
            clearTimeout(searchTimer);
            searchTimer = setTimeout(() => { query = $('search').value; loadLibrary(true); }, 300);
          });
          $('more').addEventListener('click', () => loadLibrary(false));
          fetch('/api/state', { credentials: 'same-origin' }).then((r) => r.json()).then(render).catch(() => {});
          loadLibrary(true);
          connect();
        });
        """#
}
