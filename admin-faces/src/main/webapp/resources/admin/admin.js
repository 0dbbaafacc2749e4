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
