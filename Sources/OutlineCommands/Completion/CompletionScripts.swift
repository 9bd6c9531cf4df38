/// What `outline` adds to the completion scripts swift-argument-parser generates, so that REFs
/// complete as file names do: without the space after an item with children, so that a `/` and
/// a child's title can follow; and, after a path that names several items, with those items'
/// anchored paths in place of the word typed. The values completed from the outline besides
/// (keywords, tags, property keys, priorities: `AttributeCompletionRequest`) take the same way:
/// a property key, `KEY=`, without the space, and `TODO` in place of `todo`.
///
/// The generated scripts hand every offer to the shell's own matching, which keeps only those
/// that extend the word (never `/Books/Reading/` for `Reading/`) and always adds a space. The
/// offers come from `outline` itself (`CompletionRequest`), already matched to the word, each
/// with its flags: `/` where the word may go on after it, `=` where it stands in place of the
/// word. bash and zsh get a function of their own that reads them; fish needs none (see
/// `CompletionRequest.lines`).
enum CompletionScripts {
    /// `script` as the generator wrote it, with custom completions (REFs and the values read
    /// from the outline) made by the functions below.
    static func amended(_ script: String) -> String {
        if script.hasPrefix("#!/bin/bash") { return amendedBash(script) }
        if script.hasPrefix("#compdef") { return amendedZsh(script) }
        return script
    }

    /// Every custom completion's offers go to `__outline_add_custom_completions` rather than to
    /// `compgen -W`: only that function, run by the completion function itself and not in a
    /// subshell, can set `compopt`. (Every custom completion of `outline` is `outline`'s own,
    /// in `CompletionRequest`'s lines.)
    private static func amendedBash(_ script: String) -> String {
        let generated = #"__outline_add_completions -W "$(__outline_custom_complete "#
        let replaced = script.replacingOccurrences(
            of: generated, with: #"__outline_add_custom_completions "$(__outline_custom_complete "#)
        return replaced + "\n\n" + bashFunction
    }

    /// The generated function that hands custom completions to `_describe` is defined again:
    /// before the lines that run `_outline`, so that it is in place when the script is loaded
    /// from `$fpath` and runs at once.
    private static func amendedZsh(_ script: String) -> String {
        guard let end = script.range(of: "\nif [[ \"${funcstack[1]}\" = _outline ]]", options: .backwards) else {
            return script + "\n" + zshFunction
        }
        return script[..<end.lowerBound] + "\n" + zshFunction + script[end.lowerBound...]
    }

    private static let bashFunction = #"""
        # REFs, keywords, tags, property keys: outline offers them already matched to the word
        # being completed, one a line: flags, a tab, the offer. A "/" in the flags: the word may
        # go on after it (a REF whose item has children, with a "/"; KEY= with a value), so no
        # space follows it. A "=": it stands in place of the word (the anchored paths of the
        # items of a path that names several; TODO for todo). compgen is not used: it would
        # match them again, dropping those in place of the word, and expand what titles hold.
        __outline_add_custom_completions() {
            local line flags offer quoted
            local -a offers=()
            local -i going_on=0
            local in_place=false
            # A value after KEY= (--property Store=Co): bash splits the word at the "=", and the
            # generated function, seeing no option before it, asks for an operand (a REF).
            # Nothing is offered for a value.
            if [[ "${cur}" == "=" ]] || [[ "${COMP_CWORD}" -ge 2 && "${COMP_WORDS[COMP_CWORD-1]}" == "=" \
                && "${COMP_WORDS[COMP_CWORD-2]}" != -* ]]; then
                return
            fi
            while IFS='' read -r line; do
                [[ "${line}" == *$'\t'* ]] || continue
                flags="${line%%$'\t'*}"
                offer="${line#*$'\t'}"
                [[ "${flags}" == *=* ]] && in_place=true
                [[ "${flags}" == */* ]] && going_on+=1
                offers+=("${offer}")
            done <<< "${1}"
            # Every offer is quoted here for the shell, whole: bash's quoting of file names leaves
            # "$" and "`" alone (a title could then run a command when the line is entered), and
            # lists a title that holds "/" by its last part.
            compopt +o filenames
            for offer in "${offers[@]}"; do
                printf -v quoted '%q' "${offer}"
                COMPREPLY+=("${quoted}")
            done
            # The word as typed among several, or bash would cut it back to what they share.
            "${in_place}" && [[ "${#offers[@]}" -gt 1 ]] && COMPREPLY+=("${cur}")
            if [[ "${#offers[@]}" -gt 0 && "${going_on}" -eq "${#offers[@]}" ]]; then
                compopt -o nospace
            fi
        }

        """#

    private static let zshFunction = #"""
        # REFs, keywords, tags, property keys: outline offers them already matched to the word
        # being completed, one a line: flags, a tab, offer:description. A "/" in the flags: the
        # word may go on after it (a REF whose item has children, with a "/"; KEY= with a
        # value), so no space follows it. A "=": it stands in place of the word (the anchored
        # paths of the items of a path that names several; TODO for todo), to pick from a menu.
        __outline_custom_complete() {
            local -a ends goes ends_in_place goes_in_place
            local line flags offer
            for line in "${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}"; do
                [[ "${line}" == *$'\t'* ]] || continue
                flags="${line%%$'\t'*}"
                offer="${line#*$'\t'}"
                if [[ "${flags}" == *=* ]]; then
                    if [[ "${flags}" == */* ]]; then goes_in_place+=("${offer}"); else ends_in_place+=("${offer}"); fi
                elif [[ "${flags}" == */* ]]; then
                    goes+=("${offer}")
                else
                    ends+=("${offer}")
                fi
            done
            if (( ${#ends_in_place} + ${#goes_in_place} )); then
                # Not matched against the word (-U): they replace it.
                _describe -V '' ends_in_place -U -- goes_in_place -U -S ''
                if (( ${#ends_in_place} + ${#goes_in_place} > 1 )); then
                    compstate[insert]=menu
                    compstate[list]='list force'
                fi
                return
            fi
            _describe -V '' ends -- goes -S ''
        }

        """#
}
