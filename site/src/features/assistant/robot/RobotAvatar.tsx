// The assistant's robot, as it shows beside the chat and in the corner of the other pages.
import { chakra } from '@chakra-ui/react/styled-system';

/** The robot's face: the Coinlens monogram in a circle (its words say who it is). */
export function RobotAvatar({ size = '10' }: { size?: string }) {
  return (
    <chakra.span
      aria-hidden="true"
      display="inline-flex"
      flexShrink={0}
      alignItems="center"
      justifyContent="center"
      width={size}
      height={size}
      borderRadius="full"
      bg="accent.solid"
      color="fg.onAccent"
      fontSize="sm"
      fontWeight="bold"
    >
      CL
    </chakra.span>
  );
}
