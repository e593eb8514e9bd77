# The layers stay a hierarchy: no library may depend, directly or through
# others, on itself.  CMake accepts such cycles among static libraries
# (it repeats them on the link line), so the configuration checks.
#
#   teebox_find_cycle(<out> <prefix> <node>...)
#	the nodes among <node>... that are on a dependency cycle or depend
#	on one, in <out> (empty: none); the dependencies of node N are the
#	list in the variable <prefix>_N.
#   teebox_check_layers()
#	fails the configuration when the link dependencies of the project's
#	libraries (target_link_libraries, any scope) form a cycle.  Call it
#	once every directory has been added.
include_guard(GLOBAL)

function(teebox_find_cycle out prefix)
	set(left ${ARGN})
	set(progress TRUE)
	# Peel off, round after round, the nodes whose dependencies are all
	# gone; what can never be peeled is on a cycle or waits for one.
	while(left AND progress)
		set(progress FALSE)
		set(next)
		foreach(node ${left})
			set(blocked FALSE)
			foreach(dep ${${prefix}_${node}})
				if(dep IN_LIST left)
					set(blocked TRUE)
				endif()
			endforeach()
			if(blocked)
				list(APPEND next ${node})
			else()
				set(progress TRUE)
			endif()
		endforeach()
		set(left ${next})
	endwhile()
	set(${out} ${left} PARENT_SCOPE)
endfunction()

function(_teebox_dir_targets dir out)
	get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
	get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
	foreach(sub ${subdirs})
		_teebox_dir_targets(${sub} more)
		list(APPEND targets ${more})
	endforeach()
	set(${out} ${targets} PARENT_SCOPE)
endfunction()

function(teebox_check_layers)
	_teebox_dir_targets(${CMAKE_SOURCE_DIR} targets)
	set(libs)
	foreach(t ${targets})
		get_target_property(type ${t} TYPE)
		if(type MATCHES "_LIBRARY$")
			list(APPEND libs ${t})
		endif()
	endforeach()
	foreach(t ${libs})
		get_target_property(type ${t} TYPE)
		set(links)
		if(NOT type STREQUAL "INTERFACE_LIBRARY")
			get_target_property(links ${t} LINK_LIBRARIES)
		endif()
		get_target_property(ilinks ${t} INTERFACE_LINK_LIBRARIES)
		set(deps)
		foreach(dep ${links} ${ilinks})
			# $<LINK_ONLY:x>, $<BUILD_INTERFACE:x>: the target x.
			string(REGEX REPLACE "^\\$<[A-Z_]+:([^<>]*)>$" "\\1"
				dep "${dep}")
			if(dep IN_LIST libs)
				list(APPEND deps ${dep})
			endif()
		endforeach()
		list(REMOVE_DUPLICATES deps)
		set(_layer_${t} ${deps})
	endforeach()
	teebox_find_cycle(cyclic _layer ${libs})
	if(cyclic)
		set(msg "")
		foreach(t ${cyclic})
			string(APPEND msg "\n  ${t} -> ${_layer_${t}}")
		endforeach()
		message(FATAL_ERROR "Libraries depend on each other in a cycle "
			"(docs/architecture.md, Layers):${msg}")
	endif()
endfunction()
