# embed_docs.cmake: writes OUT, a C file that holds the pages of docs/ for
# `ctest help <topic>`, so that the installed driver shows the same text as
# the repository's docs/. Run as a script:
#   cmake -DOUT=helpdocs.c -DDOCS=<docs dir> -P embed_docs.cmake
# Each page DOCS/NAME.md becomes the topic "name" (lower case), its bytes a
# NUL-terminated array; the table is sorted by topic.
file(GLOB pages RELATIVE ${DOCS} ${DOCS}/*.md)
list(SORT pages)
set(arrays "")
set(table "")
set(i 0)
foreach(page IN LISTS pages)
  string(REGEX REPLACE "\\.md$" "" topic "${page}")
  string(TOLOWER "${topic}" topic)
  file(READ ${DOCS}/${page} hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  # Lines of 16 bytes keep the generated file readable by an editor.
  string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n    " bytes "${bytes}")
  string(APPEND arrays "static const unsigned char page${i}[] = {\n    ${bytes}0x00\n};\n")
  string(APPEND table "    { \"${topic}\", \"docs/${page}\", (const char *)page${i} },\n")
  math(EXPR i "${i} + 1")
endforeach()
file(WRITE ${OUT} "// Written by cmake/embed_docs.cmake from docs/*.md; not to be edited.
#include \"cmd/ctest/ctest.h\"

${arrays}
const helpPage helpPages[] = {
${table}};
const size_t nhelpPages = ${i};
")
