# manpage.cmake: writes OUT, the ctest(1) man page, with go-md2man (MD2MAN)
# from one source, the repository's pages: HEAD (the page's name, synopsis
# and description), then docs/FLAGS.md as its FLAGS and EXIT STATUS
# sections, then SEE ALSO, the topics of `ctest help`. Run as a script:
#   cmake -DOUT=ctest.1 -DHEAD=ctest.1.md -DDOCS=<docs dir> -DMD2MAN=go-md2man -P manpage.cmake
file(READ ${HEAD} page)
file(READ ${DOCS}/FLAGS.md flags)
# A man page's sections are level-1 headings, in capitals.
string(REGEX REPLACE "^# [^\n]*\n" "# FLAGS\n" flags "${flags}")
string(REPLACE "\n## Exit statuses\n" "\n# EXIT STATUS\n" flags "${flags}")
string(APPEND page "${flags}\n# SEE ALSO\n\n"
       "The pages of docs/ in ctest's repository, which **ctest help** *topic* shows:\n\n")
file(GLOB pages RELATIVE ${DOCS} ${DOCS}/*.md)
list(SORT pages)
foreach(p IN LISTS pages)
  file(STRINGS ${DOCS}/${p} title LIMIT_COUNT 1)
  string(REGEX REPLACE "^# " "" title "${title}")
  string(REGEX REPLACE "\\.md$" "" topic "${p}")
  string(TOLOWER "${topic}" topic)
  string(APPEND page "- **ctest help ${topic}**: ${title} (docs/${p})\n")
endforeach()
file(WRITE ${OUT}.md "${page}")
execute_process(COMMAND ${MD2MAN} -in ${OUT}.md -out ${OUT} RESULT_VARIABLE rc)
file(REMOVE ${OUT}.md)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${MD2MAN} failed on the ctest(1) page: ${rc}")
endif()
