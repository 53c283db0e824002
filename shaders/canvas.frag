#version 330 core
// Flat colour. Software GL (llvmpipe under Xvfb) pays per shaded pixel, so the canvas
// spends its pixels on a single opaque layer of regions and blends only the grid lines.
flat in vec4 vColor;
out vec4 fragColor;

void main() { fragColor = vColor; }
