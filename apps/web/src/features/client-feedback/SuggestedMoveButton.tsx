import { FEEDBACK_MESSAGES as F } from '@portal/contracts';
import { Button } from '@portal/ui';
import type { OfferedMove } from './suggestedMove.ts';

/**
 * The one-click move a client's answer suggests ("Move to Interviewed", "Reject…" opening the rejection
 * dialog pre-filled): never made by itself, only offered.
 */
export function SuggestedMoveButton({
  offer,
  name,
  onPress,
  isDisabled,
}: {
  offer: OfferedMove;
  /** Whom it moves, for a screen reader's name of the button. */
  name: string;
  onPress: () => void;
  isDisabled?: boolean;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className="client-feedback-move"
      aria-label={F.moveOf(offer.label, name)}
      isDisabled={isDisabled}
      onPress={onPress}
    >
      {offer.label}
    </Button>
  );
}
