// What a stylesheet import (the fonts of .storybook/preview.tsx) is in the Jest story project.
export {};
