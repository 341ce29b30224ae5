/**
 * The dashboard's cases panel (issue 4 "Tracking and messages"): a client's own cases ("My
 * cases"), or for a lawyer the cases sent to their listing, each linking to /cases/{id}.
 */
import { Button } from "@mantine/core";
import { IconBriefcase, IconSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import type { PublicUser } from "../../../lib/account.ts";
import type { CaseListItem } from "../../../server/cases/service.ts";
import { EmptyState, Section } from "./parts";

/** A client's cases (issue 4 fills it). */
export function CasesPanel({ user, cases }: { user: PublicUser; cases: CaseListItem[] }) {
  void user;
  void cases;
  return (
    <Section id="my-cases" title="My cases">
      <EmptyState
        icon={<IconBriefcase size={26} aria-hidden />}
        title="No cases yet"
        action={
          <Button
            component={Link}
            to="/browse-lawyers"
            mt="xs"
            leftSection={<IconSearch size={16} aria-hidden />}
          >
            Browse lawyers
          </Button>
        }
      >
        When you submit a case to a lawyer, you can follow its status here.
      </EmptyState>
    </Section>
  );
}
