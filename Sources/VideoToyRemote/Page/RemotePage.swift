/// The phone's page, served by the app itself: no asset comes from anywhere else, so it works with no internet.
enum RemotePage {
    /// One of the page's files, with its content type.
    struct Asset {
        /// The `Content-Type` it is served with.
        let type: String
        /// Its text.
        let text: String
    }

    /// The page's own files by name, the only ones served besides the page.
    static let assets: [String: Asset] = [
        "app.js": Asset(type: "text/javascript; charset=utf-8", text: script),
        "app.css": Asset(type: "text/css; charset=utf-8", text: style),
        "icon.svg": Asset(type: "image/svg+xml", text: icon),
    ]

    /// What a browser without a session sees.
    static let unpaired = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>VideoToy</title></head>
        <body style="font-family: Cantarell, sans-serif; background: #242424; color: #fff; padding: 2em">
        <h1>VideoToy</h1><p>Scan the code shown in VideoToy</p></body></html>
        """

    /// The remote's page.
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="dark light">
        <title>VideoToy Remote</title>
        <link rel="icon" href="/icon.svg">
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <header><img src="/icon.svg" alt="" class="logo"><h1>VideoToy</h1><span id="connection" class="pill">…</span></header>
        <section id="now" class="card">
          <img id="poster" alt="" hidden>
          <div class="meta"><div id="title">Nothing playing</div><div id="state" class="dim"></div></div>
          <input id="seek" type="range" min="0" max="0" value="0" step="1000" aria-label="Position">
          <div class="times"><span id="position">0:00</span><span id="duration">0:00</span></div>
          <div class="row big">
            <button id="previous" aria-label="Previous"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h2v14H6zM20 5v14L9 12z"/></svg></button>
            <button id="back" aria-label="Back 10 seconds">−10</button>
            <button id="toggle" class="suggested" aria-label="Play"><svg viewBox="0 0 24 24" aria-hidden="true" class="play"><path d="M7 4v16l13-8z"/></svg><svg viewBox="0 0 24 24" aria-hidden="true" class="pause" hidden><path d="M6 4h4v16H6zM14 4h4v16h-4z"/></svg></button>
            <button id="forward" aria-label="Forward 10 seconds">+10</button>
            <button id="next" aria-label="Next"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16 5h2v14h-2zM4 5v14l11-7z"/></svg></button>
          </div>
          <div class="row">
            <button id="mute" aria-label="Mute"><svg viewBox="0 0 24 24" aria-hidden="true" class="on"><path d="M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"/></svg><svg viewBox="0 0 24 24" aria-hidden="true" class="off" hidden><path d="M3 9v6h4l5 5V4L7 9zm13.6 3 2.9-2.9-1.4-1.4-2.9 2.9-2.9-2.9-1.4 1.4 2.9 2.9-2.9 2.9 1.4 1.4 2.9-2.9 2.9 2.9 1.4-1.4z"/></svg></button>
            <input id="volume" type="range" min="0" max="100" value="100" aria-label="Volume">
          </div>
          <div class="row" id="covers">
            <button id="black">Black</button><button id="white">White</button><button id="picture">Picture</button>
          </div>
          <div id="message" class="dim" role="status"></div>
        </section>
        <section class="card">
          <h2>Screen</h2>
          <div id="screens" class="chips"></div>
        </section>
        <section class="card">
          <h2>Library</h2>
          <input id="search" type="search" placeholder="Search" autocomplete="off" aria-label="Search the library">
          <ul id="library"></ul>
          <button id="more" hidden>More</button>
        </section>
        </body>
        </html>
        """

    /// The app's icon, drawn here.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="4" y="10" width="56" height="40" rx="8" \
        fill="#3584e4"/><path d="M26 20v20l17-10z" fill="#fff"/><rect x="20" y="54" width="24" height="4" rx="2" \
        fill="#3584e4"/></svg>
        """
}
