/** The built-in pages' stylesheet: one card, light and dark schemes, visible focus. */
export const css = `
:root{--brand-color:#3452d1;--button-text-color:#fff;--bg:#f5f6f8;--card:#fff;--text:#1c1f24;
--muted:#5b6270;--border:#d9dce3;--input:#fff;--error-bg:#fdecec;--error-text:#8a1c1c;
font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color-scheme:light}
.theme-dark{--bg:#15171b;--card:#1f2228;--text:#eceef2;--muted:#a6adba;--border:#343944;--input:#15171b;
--error-bg:#3b1d1d;--error-text:#ffc9c9;color-scheme:dark}
@media (prefers-color-scheme:dark){.theme-auto{--bg:#15171b;--card:#1f2228;--text:#eceef2;--muted:#a6adba;
--border:#343944;--input:#15171b;--error-bg:#3b1d1d;--error-text:#ffc9c9;color-scheme:dark}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);
color:var(--text);line-height:1.5}
.page{width:100%;max-width:22rem;padding:1.5rem}
.logo{display:block;max-width:9rem;max-height:4.5rem;margin:0 auto 1.25rem}
.card{background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:1.5rem;
box-shadow:0 1px 3px rgb(0 0 0/.08)}
h1{font-size:1.25rem;margin:0 0 .75rem;text-align:center}
p{margin:.5rem 0;color:var(--muted);text-align:center}
form{margin:0}
label{display:block;font-size:.875rem;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=tel],input:not([type]){
width:100%;padding:.6rem .75rem;border:1px solid var(--border);border-radius:.5rem;background:var(--input);
color:var(--text);font-size:1rem}
button,.button{display:flex;align-items:center;justify-content:center;gap:.6rem;width:100%;margin-top:.75rem;
padding:.65rem 1rem;border:1px solid transparent;border-radius:.5rem;font-size:1rem;font-weight:600;
cursor:pointer;text-decoration:none;background:var(--brand-color);color:var(--button-text-color)}
button.provider{background:var(--provider-brand-color,var(--card));color:var(--provider-text-color,var(--text));
border-color:var(--border)}
button img{width:1.25rem;height:1.25rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--brand-color);outline-offset:2px}
hr{border:0;border-top:1px solid var(--border);margin:1.25rem 0}
.error{background:var(--error-bg);color:var(--error-text);border-radius:.5rem;padding:.6rem .75rem;
margin-bottom:1rem;text-align:center;font-size:.9rem}
a{color:var(--brand-color)}
`;
