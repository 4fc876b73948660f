// The page's one DOM helper: an element of index.html by id (a missing one is a page bug).

/** The element with id `id`; throws when index.html has none. */
export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
};
