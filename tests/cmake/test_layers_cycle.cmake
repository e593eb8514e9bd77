# cmake -P: teebox_find_cycle() (cmake/TeeboxLayers.cmake) finds a cycle
# of dependencies, and only one.
cmake_minimum_required(VERSION 3.18)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/TeeboxLayers.cmake)

function(expect what got want)
	if(NOT "${got}" STREQUAL "${want}")
		message(FATAL_ERROR "${what}: got '${got}', want '${want}'")
	endif()
endfunction()

# A hierarchy, as the tree's: kernel <- machine <- teed, tbx under all.
set(g_tbx)
set(g_kernel)
set(g_machine tbx kernel)
set(g_transport tbx)
set(g_teed machine transport kernel)
teebox_find_cycle(out g tbx kernel machine transport teed)
expect("acyclic graph" "${out}" "")

# machine <-> transport, as the tree was: both, and teed above them.
set(g_transport tbx machine)
set(g_machine tbx kernel transport)
teebox_find_cycle(out g tbx kernel machine transport teed)
expect("machine and transport" "${out}" "machine;transport;teed")

# A library that links itself.
set(g_self self)
teebox_find_cycle(out g self tbx)
expect("self" "${out}" "self")
