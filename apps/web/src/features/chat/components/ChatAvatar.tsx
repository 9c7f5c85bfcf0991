import Box from '@mui/material/Box';
import { chatAvatarEmoji } from '@parlance/shared';

/** A chat's emoji avatar: decoration beside its title, so hidden from screen readers. */
export function ChatAvatar({ chatId, size = 36 }: { chatId: number; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
        fontSize: size * 0.55,
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {chatAvatarEmoji(chatId)}
    </Box>
  );
}
