/// The page's style: Adwaita's dark colours by default, its light ones when the phone prefers light.
extension RemotePage {
    /// `app.css`.
    static let style = """
        :root { --bg: #242424; --card: #303030; --fg: #ffffff; --dim: rgba(255,255,255,.6); --accent: #3584e4;
          --button: rgba(255,255,255,.1); --button-hover: rgba(255,255,255,.15); --radius: 12px;
          color-scheme: dark; }
        @media (prefers-color-scheme: light) {
          :root { --bg: #fafafa; --card: #ffffff; --fg: rgba(0,0,0,.8); --dim: rgba(0,0,0,.55);
            --button: rgba(0,0,0,.08); --button-hover: rgba(0,0,0,.12); color-scheme: light; }
        }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        button svg { width: 26px; height: 26px; fill: currentColor; vertical-align: middle; }
        body { margin: 0; padding: 12px; padding-bottom: 48px; background: var(--bg); color: var(--fg);
          font-family: Cantarell, "Noto Sans", system-ui, sans-serif; font-size: 16px; -webkit-tap-highlight-color: transparent; }
        header { display: flex; align-items: center; gap: 10px; margin-bottom: 12px; }
        header h1 { font-size: 20px; margin: 0; flex: 1; }
        .logo { width: 32px; height: 32px; }
        h2 { font-size: 15px; margin: 0 0 10px; color: var(--dim); font-weight: bold; }
        .card { background: var(--card); border-radius: var(--radius); padding: 14px; margin-bottom: 12px;
          box-shadow: 0 1px 3px rgba(0,0,0,.3); }
        .pill { font-size: 13px; padding: 4px 10px; border-radius: 999px; background: var(--button); }
        .pill.live { background: #26a269; color: #fff; }
        #poster { width: 100%; max-height: 40vh; object-fit: contain; border-radius: 8px; background: #000; display: block; }
        #poster[hidden] { display: none; }
        .meta { margin: 10px 0 4px; }
        #title { font-size: 20px; font-weight: bold; overflow-wrap: anywhere; }
        .dim { color: var(--dim); font-size: 14px; }
        .times { display: flex; justify-content: space-between; font-variant-numeric: tabular-nums; color: var(--dim); }
        input[type=range] { width: 100%; height: 44px; accent-color: var(--accent); }
        .row { display: flex; gap: 8px; align-items: center; margin-top: 8px; }
        .row > button { flex: 1; }
        button { min-height: 48px; min-width: 48px; border: 0; border-radius: var(--radius); background: var(--button);
          color: var(--fg); font: inherit; font-weight: bold; cursor: pointer; }
        button:active { background: var(--button-hover); }
        button.suggested { background: var(--accent); color: #fff; }
        button.chosen { outline: 2px solid var(--accent); }
        .big button { font-size: 22px; min-height: 60px; }
        .chips { display: flex; flex-wrap: wrap; gap: 8px; }
        .chips button { flex: 0 1 auto; padding: 0 16px; }
        #search { width: 100%; min-height: 44px; border-radius: var(--radius); border: 0; padding: 0 14px;
          background: var(--button); color: var(--fg); font: inherit; margin-bottom: 8px; }
        #library { list-style: none; padding: 0; margin: 0; }
        #library li { display: flex; align-items: center; gap: 12px; min-height: 64px; padding: 6px; border-radius: 8px;
          cursor: pointer; }
        #library li:active, #library li.playing { background: var(--button); }
        #library li img { width: 88px; height: 50px; object-fit: cover; border-radius: 6px; background: #000; flex: none; }
        #library li .name { flex: 1; overflow-wrap: anywhere; }
        #library li.unplayable { opacity: .5; }
        #more { width: 100%; margin-top: 8px; }
        """
}
