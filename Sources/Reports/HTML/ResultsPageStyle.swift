/// The style sheet inlined into `index.html`: system fonts only (no web fonts, nothing
/// fetched), readable line lengths, bordered tables that scroll sideways when too wide, and
/// charts that shrink to the column.
enum ResultsPageStyle {
    /// The CSS, one rule a line.
    static let css = """
        :root { color-scheme: light; --text: #1f2328; --muted: #59636e; --border: #d1d9e0; --shade: #f6f8fa; --link: #0550ae; --pass: #1a7f37; --fail: #cf222e; --mixed: #9a6700; }
        * { box-sizing: border-box; }
        html { scroll-padding-top: 12px; }
        body { margin: 0; background: #ffffff; color: var(--text); font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; }
        main { max-width: 1120px; margin: 0 auto; padding: 24px 32px 64px; }
        h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin: 1.5em 0 0.6em; }
        h1 { font-size: 2rem; margin-top: 0.5em; }
        h2 { font-size: 1.55rem; padding-bottom: 0.25em; border-bottom: 1px solid var(--border); }
        h3 { font-size: 1.25rem; }
        h4 { font-size: 1.08rem; }
        h5, h6 { font-size: 1rem; }
        p, ul, ol, blockquote, pre, figure, .table-scroll { margin: 0 0 1em; }
        li + li { margin-top: 0.2em; }
        a { color: var(--link); text-decoration: none; }
        a:hover { text-decoration: underline; }
        code, pre { font-family: ui-monospace, SFMono-Regular, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.86em; }
        code { background: var(--shade); padding: 0.1em 0.3em; border-radius: 4px; overflow-wrap: break-word; }
        pre { background: var(--shade); padding: 12px 16px; border-radius: 6px; overflow-x: auto; }
        pre code { background: none; padding: 0; font-size: 1em; overflow-wrap: normal; }
        blockquote { margin-left: 0; padding: 0 1em; color: var(--muted); border-left: 4px solid var(--border); }
        hr { border: 0; border-top: 1px solid var(--border); margin: 2em 0; }
        .table-scroll { max-width: 100%; overflow-x: auto; }
        table { border-collapse: collapse; font-size: 0.88rem; font-variant-numeric: tabular-nums; }
        th, td { border: 1px solid var(--border); padding: 4px 10px; vertical-align: top; text-align: left; }
        th { background: var(--shade); font-weight: 600; }
        tbody tr:nth-child(even) { background: #fbfcfd; }
        .align-left { text-align: left; }
        .align-right { text-align: right; white-space: nowrap; }
        .align-center { text-align: center; }
        figure { overflow-x: auto; }
        figure svg, figure img { display: block; max-width: 100%; height: auto; }
        figcaption { margin-top: 0.3em; font-size: 0.85rem; color: var(--muted); }
        section { margin-top: 3.5em; padding-top: 0.5em; border-top: 4px solid var(--border); }
        nav table { width: 100%; }
        nav td code { white-space: nowrap; }
        .lead { color: var(--muted); max-width: 60em; }
        .report-meta { margin: 0 0 1.5em; padding: 8px 14px; font-size: 0.9rem; background: var(--shade); border: 1px solid var(--border); border-radius: 6px; }
        .report-meta p { margin: 0.25em 0; }
        .files a { display: inline-block; margin-right: 1.1em; white-space: nowrap; }
        .verdict { display: inline-block; margin-right: 0.8em; font-weight: 600; white-space: nowrap; }
        .verdict-pass { color: var(--pass); }
        .verdict-fail { color: var(--fail); }
        .verdict-mixed { color: var(--mixed); }
        .verdict-neutral { color: var(--text); }
        .none { color: var(--muted); }
        .back { margin-top: 2em; font-size: 0.9rem; }
        """
}
