/// The preview's style sheet: plain system fonts, a two-column layout (form, panels) on wide screens.
enum HTMLStyle {
    static let css = #"""
    :root { color-scheme: light; --accent: #1f5fbf; --error: #b00020; --muted: #5f6368; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #202124;
           background: #f3f5f8; display: grid; grid-template-columns: minmax(0, 3fr) minmax(280px, 2fr);
           grid-template-areas: "header header" "tabs tabs" "form panels"; gap: 0 24px; padding: 0 24px 24px; }
    @media (max-width: 900px) { body { grid-template-columns: 1fr; grid-template-areas: "header" "tabs" "form" "panels"; } }
    [hidden] { display: none !important; }
    .fc-header { grid-area: header; display: flex; align-items: center; justify-content: space-between; gap: 16px;
                 border-bottom: 3px solid var(--accent); margin-bottom: 12px; }
    .fc-header h1 { font-size: 24px; margin: 16px 0 10px; }
    .fc-tabs { grid-area: tabs; display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 12px; }
    .fc-tab { border: 1px solid #c6cbd3; background: #fff; border-radius: 6px 6px 0 0; padding: 6px 14px; cursor: pointer; font: inherit; }
    .fc-tab[aria-selected="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
    #fc-form { grid-area: form; width: 100%; }
    .fc-body { border: 0; margin: 0; padding: 0; min-width: 0; }
    .fc-page-title { font-size: 19px; margin: 4px 0 12px; }
    .fc-section { background: #fff; border: 1px solid #d9dde3; border-radius: 8px; padding: 12px 16px 8px; margin: 0 0 16px; min-width: 0; }
    .fc-section legend { font-weight: 600; padding: 0 6px; }
    .fc-field { margin: 0 0 14px; max-width: 100%; }
    .fc-label { display: block; font-weight: 500; margin-bottom: 4px; }
    .fc-req { color: var(--error); margin-left: 3px; }
    .fc-field input[type=text], .fc-field input[type=email], .fc-field input[type=tel], .fc-field input[type=url],
    .fc-field input[type=password], .fc-field input[type=number], .fc-field input[type=date], .fc-field input[type=time],
    .fc-field input[type=datetime-local], .fc-field select, .fc-field textarea {
        width: 100%; padding: 7px 9px; border: 1px solid #b8bfc9; border-radius: 5px; font: inherit; background: #fff; }
    .fc-field input:disabled, .fc-field select:disabled, .fc-field textarea:disabled { background: #eef0f3; color: var(--muted); }
    .fc-field.fc-invalid input:not([data-part="address2"]), .fc-field.fc-invalid select, .fc-field.fc-invalid textarea,
    .fc-field.fc-invalid canvas { border-color: var(--error); }
    .fc-options { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 4px 12px; }
    .fc-option, .fc-check { display: flex; gap: 6px; align-items: center; }
    .fc-parts { display: flex; flex-wrap: wrap; gap: 8px; }
    .fc-part { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
    .fc-part input { width: 6em; }
    .fc-address .fc-part { flex: 1 1 45%; }
    .fc-address .fc-part input { width: 100%; }
    .fc-detail, .fc-footer { color: var(--muted); font-size: 13px; margin: 4px 0 0; }
    .fc-inline { color: var(--muted); margin-right: 6px; }
    .fc-error { color: var(--error); font-size: 13px; margin: 4px 0 0; }
    .fc-text { margin: 0; white-space: pre-wrap; }
    .fc-signature { border: 1px dashed #8a93a0; border-radius: 5px; background: #fff; max-width: 100%; touch-action: none; display: block; }
    .fc-clear { margin-top: 4px; }
    .fc-image, .fc-image-missing { max-width: 100%; }
    .fc-image-missing { border: 1px dashed #8a93a0; color: var(--muted); display: flex; align-items: center;
                        justify-content: center; min-height: 48px; padding: 8px; background: repeating-linear-gradient(45deg, #fafafa 0 8px, #f0f0f0 8px 16px); }
    .fc-button { display: inline-block; padding: 7px 14px; border: 1px solid var(--accent); border-radius: 5px; color: var(--accent); background: #fff; text-decoration: none; font: inherit; }
    .fc-actions { display: flex; gap: 8px; margin: 8px 0 16px; }
    .fc-actions button { font: inherit; padding: 8px 16px; border-radius: 5px; border: 1px solid #b8bfc9; background: #fff; cursor: pointer; }
    #fc-submit { background: var(--accent); color: #fff; border-color: var(--accent); }
    .fc-panels { grid-area: panels; min-width: 0; }
    .fc-panels section { background: #fff; border: 1px solid #d9dde3; border-radius: 8px; padding: 8px 14px; margin-bottom: 16px; }
    .fc-panels h2 { font-size: 16px; margin: 6px 0; }
    #fc-validation { border-color: var(--error); }
    #fc-errors { color: var(--error); padding-left: 18px; }
    #fc-payload { background: #f6f8fa; padding: 8px; border-radius: 5px; overflow: auto; max-height: 480px; font-size: 12px; }
    #fc-status.fc-rejected { color: var(--error); font-weight: 600; }
    #fc-status.fc-accepted { color: #137333; font-weight: 600; }
    #fc-losses li { font-size: 13px; margin-bottom: 4px; }
    #fc-losses code { color: var(--accent); }
    .fc-id { color: var(--muted); }
    """#
}
