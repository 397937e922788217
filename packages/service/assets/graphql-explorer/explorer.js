/* aqcast GraphQL explorer: GraphiQL (served by this service, no CDN) with an X-Api-Key field. */
/* global document, sessionStorage, localStorage, location, URLSearchParams, GraphiQL, React, ReactDOM */
(function () {
  'use strict';
  var body = document.body;
  var endpoint = body.getAttribute('data-endpoint');
  var version = body.getAttribute('data-version');
  var keyInput = document.getElementById('aq-api-key');
  var remember = document.getElementById('aq-remember');
  var keyState = document.getElementById('aq-key-state');
  var STORAGE_KEY = 'aqcast:apiKey';

  function storedKey() {
    try {
      return sessionStorage.getItem(STORAGE_KEY) || localStorage.getItem(STORAGE_KEY) || '';
    } catch {
      return '';
    }
  }
  function storeKey(key) {
    try {
      sessionStorage.setItem(STORAGE_KEY, key);
      if (remember.checked && key) localStorage.setItem(STORAGE_KEY, key);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      /* storage unavailable (private mode): the key lives in the field only */
    }
  }

  var apiKey = storedKey();
  keyInput.value = apiKey;
  try {
    remember.checked = !!localStorage.getItem(STORAGE_KEY);
  } catch {
    remember.checked = false;
  }

  function showKeyState() {
    keyState.textContent = apiKey ? 'key set: requests carry X-Api-Key' : 'no key yet: queries will get a 401';
    keyState.className = 'aq-key-state' + (apiKey ? '' : ' missing');
  }

  // The key field wins unless the Headers panel sets X-Api-Key itself.
  function fetcherFor(key) {
    return GraphiQL.createFetcher({
      url: endpoint,
      enableIncrementalDelivery: false,
      fetch: function (url, init) {
        var headers = new Headers((init && init.headers) || {});
        if (key && !headers.has('x-api-key')) headers.set('x-api-key', key);
        return fetch(url, Object.assign({}, init, { headers: headers }));
      },
    });
  }

  var params = new URLSearchParams(location.search);
  var defaultQuery =
    '# aqcast GraphQL API ' + version + '\n' +
    '# Set the API key above, then run with Ctrl-Enter.\n' +
    '# Try: renders(limit: 5) { jobs { jobId status videoUrl } }\n' +
    '{\n  status {\n    version\n    uptime\n  }\n}\n';

  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  function render() {
    var props = {
      fetcher: fetcherFor(apiKey),
      defaultQuery: defaultQuery,
      defaultEditorToolsVisibility: 'variables',
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: false,
    };
    if (params.get('query')) props.query = params.get('query');
    if (params.get('variables')) props.variables = params.get('variables');
    root.render(
      React.createElement(GraphiQL, props, React.createElement(GraphiQL.Logo, null, 'aqcast ', React.createElement('small', null, version))),
    );
  }

  var timer = null;
  function keyChanged() {
    apiKey = keyInput.value.trim();
    storeKey(apiKey);
    showKeyState();
    clearTimeout(timer);
    // A new fetcher makes GraphiQL fetch the schema again, now with the key.
    timer = setTimeout(render, 300);
  }
  keyInput.addEventListener('input', keyChanged);
  remember.addEventListener('change', keyChanged);
  document.getElementById('aq-key-form').addEventListener('submit', function (e) {
    e.preventDefault();
    keyChanged();
  });

  showKeyState();
  render();
})();
