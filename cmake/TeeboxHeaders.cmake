# Layers the build enforces: which headers of the tree a target may include.
#
#   teebox_headers(<target> <PUBLIC|PRIVATE|INTERFACE> [BASE <dir>]
#                  <header-or-glob>...)
#
# makes each header (a path below BASE, the top of the source tree by
# default; a glob such as kernel/*.h takes every header it matches)
# includable under that path, "kernel/alloc.h", by <target> and, PUBLIC
# or INTERFACE, by every target that links it.  Nothing else of the tree
# is on any include path: a file that includes a header of a library its
# target does not link does not build.
#
# The headers stay where they are, beside their sources: each target gets
# a directory in the build tree with a symbolic link per header, at the
# header's path (the way include/ holds linux/ and uapi/ in the kernel).
# A header that includes a sibling by its bare name ("types.h") needs the
# sibling in the same set: the compiler looks for it beside the link.
include_guard(GLOBAL)

function(teebox_headers target scope)
	cmake_parse_arguments(H "" "BASE" "" ${ARGN})
	if(NOT H_BASE)
		set(H_BASE ${CMAKE_SOURCE_DIR})
	endif()
	if(NOT scope MATCHES "^(PUBLIC|PRIVATE|INTERFACE)$")
		message(FATAL_ERROR "teebox_headers(${target}): scope ${scope}")
	endif()
	string(TOLOWER ${scope} kind)
	set(root ${CMAKE_BINARY_DIR}/headers/${target}.${kind})
	# Start from an empty directory once per configuration, so that a
	# header taken off a list is no longer reachable.
	get_property(seen GLOBAL PROPERTY TEEBOX_HEADER_ROOTS)
	if(NOT root IN_LIST seen)
		file(REMOVE_RECURSE ${root})
		file(MAKE_DIRECTORY ${root})
		set_property(GLOBAL APPEND PROPERTY TEEBOX_HEADER_ROOTS ${root})
		target_include_directories(${target} ${scope} ${root})
	endif()
	foreach(pattern ${H_UNPARSED_ARGUMENTS})
		file(GLOB headers RELATIVE ${H_BASE} CONFIGURE_DEPENDS
			${H_BASE}/${pattern})
		if(NOT headers)
			message(FATAL_ERROR
				"teebox_headers(${target}): no ${H_BASE}/${pattern}")
		endif()
		foreach(header ${headers})
			get_filename_component(dir ${root}/${header} DIRECTORY)
			file(MAKE_DIRECTORY ${dir})
			file(CREATE_LINK ${H_BASE}/${header} ${root}/${header}
				SYMBOLIC)
		endforeach()
	endforeach()
endfunction()
