// lib_html.c: md4c's HTML renderer.
#include "@HELDOUT@/md4c-release-0.4.8/src/md4c-html.c"
