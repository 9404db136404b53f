// The plain-text box (ui/common/plain_text.py): a <pre> and an optional copy button.
export default function ({ parentElement, data }) {
  let pre = parentElement.querySelector("pre");
  if (!pre) {
    pre = document.createElement("pre");
    pre.tabIndex = 0;
    parentElement.appendChild(pre);
  }
  pre.textContent = data.text;
  pre.className = data.wrap ? "gtl-text wrap" : "gtl-text";
  let btn = parentElement.querySelector("button");
  if (!data.copy) { if (btn) btn.remove(); return; }
  if (!btn) {
    btn = document.createElement("button");
    btn.type = "button";
    parentElement.appendChild(btn);
  }
  btn.textContent = data.words.copy;
  btn.onclick = async () => {
    let ok;
    try { await navigator.clipboard.writeText(data.text); ok = true; } catch (e) {
      const area = document.createElement("textarea");
      area.value = data.text;
      area.style.position = "fixed"; area.style.opacity = "0";
      parentElement.appendChild(area); area.select();
      try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
      area.remove();
    }
    btn.textContent = ok ? data.words.copied : data.words.refused;
    setTimeout(() => { btn.textContent = data.words.copy; }, 2500);
  };
}
