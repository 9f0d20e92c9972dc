/**
 * One spelling for search: lower case, accents dropped, ß as ss and the German
 * transliterations folded, so Über, ueber and uber all find the same words.
 */
export function normalizeTerm(term: string): string | null {
  const folded = term
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u');
  return folded.length > 0 ? folded : null;
}
