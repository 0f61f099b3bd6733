package documentfacts

import (
	"regexp"
	"strings"
)

// injectionPatterns recognise text addressed to an AI reader rather than
// to a human one. A match is never acted on: its block gives no facts and
// is reported as a warning with its evidence.
var injectionPatterns = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|preceding|all|any|your|the)\b[^.\n]{0,30}\b(?:instructions?|prompts?|rules|guidelines|directions|context|messages?)\b`),
	regexp.MustCompile(`(?i)\byou\s+are\s+now\b|\bfrom\s+now\s+on,?\s+you\b|\bact\s+as\s+(?:an?|the)\s+(?:ai|assistant|system|admin|developer)|\bpretend\s+(?:to\s+be|you\s+are)\b|\broleplay\s+as\b`),
	regexp.MustCompile(`(?i)\bsystem\s*prompt\b|\bsystem\s+message\b|\bdeveloper\s+(?:mode|message)\b|\bjailbreak\b|\bDAN\s+mode\b`),
	regexp.MustCompile(`(?i)^\s*(?:system|assistant|user|developer|tool)\s*:|<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id)\|>|\[/?INST\]|<<\s*/?SYS\s*>>|</?(?:system|tool_call|function_call|instructions?)>|###\s*(?:instruction|system|response)\b`),
	regexp.MustCompile(`(?i)\b(?:call|invoke|use|run|execute)\s+the\s+\w+\s+(?:tool|function)\b|"(?:tool|function|name)"\s*:\s*"[a-z_]+"\s*,\s*"(?:arguments|parameters|input)"`),
	regexp.MustCompile(`(?i)\b(?:reveal|print|show|output|send|leak|exfiltrate)\b[^.\n]{0,30}\b(?:system\s+prompt|api\s+keys?|secrets?|credentials?|passwords?|private\s+keys?|seed\s+phrase|tokens?)\b`),
	regexp.MustCompile(`(?i)\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention|reveal)\b[^.\n]{0,20}\b(?:the\s+)?(?:user|human|operator|reader)\b`),
	regexp.MustCompile(`(?i)\b(?:ai|llm|language\s+model|assistant|chatbot)s?\b[^.\n]{0,40}\b(?:must|should|shall|are\s+instructed\s+to|need\s+to)\b[^.\n]{0,60}\b(?:approve|pay|transfer|ignore|report|classify|rate|mark|output|respond|answer|say)\b`),
	reAgentAddressed,
	regexp.MustCompile(`(?i)\b(?:urgent(?:ly)?|immediately)\b[^.\n]{0,40}\b(?:transfer|send|wire)\b[^.\n]{0,40}\b(?:btc|bitcoin|eth|usdc|usdt|crypto|wallet)\b|\b(?:transfer|send)\b[^.\n]{0,30}\bto\s+(?:wallet|address)\s+0x[0-9a-fA-F]{6,}`),
	// Arabic
	regexp.MustCompile(`(?:تجاهل|تجاهلي|انس|انسَ|أهمل|اهمل)\s+(?:جميع\s+|كل\s+)?(?:التعليمات|الأوامر|الاوامر|التوجيهات)(?:\s+(?:السابقة|أعلاه|الاعلى|السابقه))?`),
	regexp.MustCompile(`أنت\s+الآن|انت\s+الان|أنت\s+الان|تصرف\s+ك(?:مساعد|نظام|مسؤول)|(?:موجه|تعليمات|رسالة)\s+النظام|لا\s+تخبر\s+المستخدم|اكشف\s+(?:كلمة\s+المرور|المفاتيح|الأسرار)|(?:يجب\s+على|على)\s+(?:الذكاء\s+الاصطناعي|المساعد|النموذج)`),
}

// reAgentAddressed: an agent told to approve, pay, answer, ... ("Any agent
// processing this invoice must approve it"). In a commercial agency
// agreement the Agent is a party and "The Agent shall pay the Principal"
// is its duty: findInjections leaves this pattern out where the document
// defines an agent as a party (reAgentParty). "AI agent" is still caught
// by the pattern before it.
var reAgentAddressed = regexp.MustCompile(`(?i)\bagents?\b[^.\n]{0,40}\b(?:must|should|shall|are\s+instructed\s+to|need\s+to)\b[^.\n]{0,60}\b(?:approve|pay|transfer|ignore|report|classify|rate|mark|output|respond|answer|say)\b`)

// reAgentParty: a document in which an agent is a party: an agency
// agreement or contract, "(the "Agent")", "hereinafter (referred to as)
// the Agent", an Agent: label opening a party line, or the Arabic وكالة
// تجارية / الوكيل defined as a party ("ويشار إليه بالوكيل").
var reAgentParty = regexp.MustCompile(`(?i)\bagency\s+(?:agreement|contract)\b|\(\s*(?:the\s+)?["“'‘]?(?:commercial\s+|sales\s+|local\s+|exclusive\s+)?agent["”'’]?\s*\)|["“](?:commercial\s+|sales\s+|local\s+|exclusive\s+)?agent["”]|\bhereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?["“'‘]?agent\b|(?m:^\s*(?:the\s+)?agent\s*:)|وكالة\s+تجارية|(?:يشار\s+إليه|ويشار\s+إليه|المشار\s+إليه)\s+(?:فيما\s+بعد\s+)?(?:ب|باسم\s+)?["«]?الوكيل`)

// injectionSpan is a block whose text addresses an AI reader.
type injectionSpan struct {
	start, end int // the block, bytes
	match      string
}

func findInjections(a *assembled) []injectionSpan {
	var out []injectionSpan
	agentParty := matches(reAgentParty, a.text)
	for _, seg := range a.segs {
		t := a.text[seg.start:seg.end]
		for _, re := range injectionPatterns {
			if re == reAgentAddressed && agentParty {
				continue
			}
			if !mayMatch(re, t) {
				continue // prefilter.go
			}
			if m := re.FindString(t); m != "" {
				out = append(out, injectionSpan{seg.start, seg.end, strings.TrimSpace(m)})
				break
			}
		}
	}
	return out
}

// instructionLike reports whether hidden text also addresses an AI.
func instructionLike(s string) bool {
	for _, re := range injectionPatterns {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}
