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

// Monitoring: the live server log (server-sent events from /api/monitoring/logs), with a level filter, pause and clear.
document.addEventListener('DOMContentLoaded', function () {
  var list = document.getElementById('log-stream');
  if (!list || !window.EventSource) {
    return;
  }
  var level = document.getElementById('log-level');
  var pause = document.getElementById('log-pause');
  var state = document.getElementById('log-state');
  var maxLines = 1000;
  var source = null;
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
  var connect = function () {
    if (source) {
      source.close();
    }
    list.textContent = '';
    source = new EventSource(list.getAttribute('data-source') + '?level=' + encodeURIComponent(level.value));
    source.onopen = function () { state.textContent = paused ? 'paused' : 'live'; };
    source.onerror = function () { state.textContent = 'reconnecting…'; };
    source.addEventListener('log', function (event) {
      var entry = JSON.parse(event.data);
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
