/**
 * Saves text as a file through the browser's download. Both hosts' renderers allow this (in
 * Electron it opens the save dialog), so nothing else is needed to export.
 */
export function downloadText(fileName: string, mediaType: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; a later revoke frees the memory.
  setTimeout(() => { URL.revokeObjectURL(url); }, 10_000);
}

/** Copies text; false when the clipboard is not available (no permission, not focused). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
