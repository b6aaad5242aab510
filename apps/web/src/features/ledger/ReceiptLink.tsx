/**
 * A stored receipt, opened in a new tab (the file route checks that the reader may see it). `of` names
 * what the receipt is for, so that a list of links reads "View receipt for Site office rent" to a screen
 * reader rather than the same words on every row.
 */
export function ReceiptLink({ url, of }: { url: string; of?: string }) {
  return (
    <a href={url} target="_blank" rel="noreferrer" aria-label={of ? `View receipt for ${of}` : undefined}>
      View receipt
    </a>
  );
}
