// Copy buttons: <button data-copy-target="id of an input"> copies that input's value (no inline scripts).
document.addEventListener('click', function (event) {
  var button = event.target.closest ? event.target.closest('[data-copy-target]') : null;
  if (!button) {
    return;
  }
  var field = document.getElementById(button.getAttribute('data-copy-target'));
  if (!field) {
    return;
  }
  field.select();
  var done = function () { button.setAttribute('data-copied', 'true'); button.querySelector('.label').textContent = 'Copied'; };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand('copy'); done(); });
  } else {
    document.execCommand('copy');
    done();
  }
});

// Monitoring: the live server log (a WebSocket to /api/monitoring/logs/socket), with a level filter, pause and clear.
// A socket the server ends (its ten minutes are over) or that drops is opened again where the last message ended;
// one refused (signed out, too many open on this node) says so.
document.addEventListener('DOMContentLoaded', function () {
  var list = document.getElementById('log-stream');
  if (!list || !window.WebSocket) {
    return;
  }
  var level = document.getElementById('log-level');
  var pause = document.getElementById('log-pause');
  var state = document.getElementById('log-state');
  var maxLines = 1000;
  var socket = null;
  var next = null;
  var retry = null;
  var paused = false;
  var held = [];
  var last = 'info';
  var show = function (entry) {
    var item = document.createElement('li');
    var kind = entry.level === 'continued' ? last : entry.level;
    if (entry.level !== 'continued') {
      last = entry.level;
    }
    item.className = 'log-' + kind;
    if (entry.time) {
      var time = document.createElement('span');
      time.className = 'log-time';
      time.textContent = entry.time;
      item.appendChild(time);
    }
    item.appendChild(document.createTextNode(entry.text));
    var atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.appendChild(item);
    while (list.children.length > maxLines) {
      list.removeChild(list.firstChild);
    }
    if (atBottom) {
      list.scrollTop = list.scrollHeight;
    }
  };
  var open = function () {
    var opened = false;
    var url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + list.getAttribute('data-source')
        + '?level=' + encodeURIComponent(level.value) + (next === null ? '' : '&from=' + next);
    socket = new WebSocket(url);
    socket.onopen = function () {
      opened = true;
      state.textContent = paused ? 'paused' : 'live';
    };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      next = message.next;
      message.lines.forEach(function (entry) {
        if (paused) {
          held.push(entry);
          if (held.length > maxLines) {
            held.shift();
          }
        } else {
          show(entry);
        }
      });
    };
    socket.onclose = function (event) {
      if (this !== socket) {
        return; // a socket closed for a new filter
      }
      if (!opened || event.code === 1013) {
        state.textContent = 'stopped: the server refused the stream (too many open, or signed out); reload the page';
        return;
      }
      state.textContent = 'reconnecting…';
      retry = setTimeout(open, event.code === 1000 ? 0 : 2000);
    };
  };
  var connect = function () {
    clearTimeout(retry);
    if (socket) {
      socket.close();
    }
    list.textContent = '';
    next = null;
    open();
  };
  level.addEventListener('change', connect);
  pause.addEventListener('click', function () {
    paused = !paused;
    pause.textContent = paused ? 'Resume' : 'Pause';
    pause.setAttribute('aria-pressed', paused ? 'true' : 'false');
    state.textContent = paused ? 'paused' : 'live';
    if (!paused) {
      held.splice(0).forEach(show);
    }
  });
  document.getElementById('log-clear').addEventListener('click', function () { list.textContent = ''; });
  connect();
});

// File inputs: a file larger than the pages take (2,000,000 bytes, as the server checks) is refused in the browser
// before anything is sent, in the field's message (the element after it); a very large one would otherwise meet the
// container's bound and get no answer the page could show.
document.addEventListener('change', function (event) {
  var input = event.target;
  if (!input || input.type !== 'file' || !input.files) {
    return;
  }
  var limit = 2000000;
  var holder = input.nextElementSibling;
  var file = input.files.length > 0 ? input.files[0] : null;
  if (!file || file.size <= limit) {
    if (holder && holder.classList.contains('file-too-large')) {
      holder.textContent = '';
      holder.classList.remove('file-too-large', 'ui-message-error');
    }
    return;
  }
  // the field's p:message (PrimeFaces renders it, empty or not, with aria-live) holds the message
  if (!holder || !(holder.classList.contains('ui-message') || holder.hasAttribute('aria-live'))) {
    holder = document.createElement('span');
    holder.className = 'ui-message';
    input.insertAdjacentElement('afterend', holder);
  }
  holder.classList.add('ui-message', 'ui-message-error', 'file-too-large');
  holder.setAttribute('role', 'alert');
  holder.textContent = 'The file ' + file.name + ' has ' + file.size.toLocaleString('en') + ' bytes; at most '
      + limit.toLocaleString('en') + ' are accepted.';
  input.value = '';
});

// A refusal shown beside its field (.field-error) after an Ajax request: the field comes into view and gets the focus,
// wherever the button that sent the form was (the template editor's Save sits in a sticky bar far below).
// (registered once the page is loaded: this script may run before PrimeFaces' jQuery)
document.addEventListener('DOMContentLoaded', function () {
  if (!window.jQuery) {
    return;
  }
  window.jQuery(document).on('pfAjaxComplete', function (event, xhr) {
    if (!xhr || typeof xhr.responseText !== 'string' || xhr.responseText.indexOf('field-error') < 0) {
      return;
    }
    var first = document.querySelector('.field-error');
    if (!first) {
      return;
    }
    var field = first.previousElementSibling;
    (field || first).scrollIntoView({ block: 'center' });
    var input = field && (field.matches('input, textarea, select') ? field : field.querySelector('input, textarea, select'));
    if (input) {
      input.focus({ preventScroll: true });
    }
  });
});
